package io.eventops.printer.preview;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Map;

import javax.imageio.ImageIO;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.NotFoundException;
import com.google.zxing.Result;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.eventops.printer.zpl.Badge;
import io.eventops.printer.zpl.LabelSize;
import io.eventops.printer.zpl.TestBadges;

import static org.assertj.core.api.Assertions.assertThat;

class BadgePreviewTests {

	@ParameterizedTest
	@ValueSource(ints = { 203, 300 })
	void isAPngOfTheLabelsSizeInDots(int dpi) throws IOException {
		LabelSize size = LabelSize.badge(dpi);

		BufferedImage image = decode(BadgePreview.png(TestBadges.sample(), size));

		assertThat(image.getWidth()).isEqualTo(size.widthDots());
		assertThat(image.getHeight()).isEqualTo(size.heightDots());
	}

	@ParameterizedTest
	@ValueSource(ints = { 203, 300 })
	void carriesAQrCodeThatDecodesToTheCredential(int dpi) throws Exception {
		Badge badge = TestBadges.badge()
			.displayName("Zoë \u202Bשלום\u202C 👋 Maximiliane von Hohenzollern-Sigmaringen")
			.qrPayload("EOPS1:att_9f3ac210:7:c2lnbmF0dXJlLW9mLXRoZS1jcmVkZW50aWFs")
			.build();

		BufferedImage image = decode(BadgePreview.png(badge, LabelSize.badge(dpi)));

		assertThat(readQr(image).getText()).isEqualTo(badge.qrPayload());
	}

	@ParameterizedTest
	@ValueSource(ints = { 203, 300 })
	void drawsTextInBlackOnWhite(int dpi) throws IOException {
		BufferedImage image = decode(BadgePreview.png(TestBadges.sample(), LabelSize.badge(dpi)));

		assertThat(image.getRGB(0, 0) & 0xFFFFFF).isEqualTo(0xFFFFFF);
		int dark = 0;
		int nameBandHeight = LabelSize.badge(dpi).dots(0.6);
		for (int y = 0; y < nameBandHeight; y++) {
			for (int x = 0; x < image.getWidth(); x++) {
				if ((image.getRGB(x, y) & 0xFF) < 128) {
					dark++;
				}
			}
		}
		assertThat(dark).as("dark pixels of the display name").isGreaterThan(500);
	}

	private static BufferedImage decode(byte[] png) throws IOException {
		assertThat(png).startsWith(0x89, 'P', 'N', 'G');
		BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
		assertThat(image).isNotNull();
		return image;
	}

	private static Result readQr(BufferedImage image) throws Exception {
		BinaryBitmap bitmap = new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image)));
		try {
			return new QRCodeReader().decode(bitmap, Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE,
					DecodeHintType.POSSIBLE_FORMATS, java.util.List.of(BarcodeFormat.QR_CODE)));
		}
		catch (NotFoundException ex) {
			throw new AssertionError("no QR code found in the preview", ex);
		}
	}

}
