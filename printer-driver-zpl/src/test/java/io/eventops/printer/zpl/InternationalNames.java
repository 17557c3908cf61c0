package io.eventops.printer.zpl;

import java.util.List;

/**
 * Attendee names in every script the badges must print, mixed, very long and hostile.
 */
public final class InternationalNames {

	/**
	 * A name of the test set.
	 *
	 * @param label what it stands for, also a file name
	 * @param name the display name
	 * @param company the company line
	 */
	public record Sample(String label, String name, String company) {

		public Badge badge() {
			return TestBadges.badge().displayName(this.name).company(this.company).build();
		}

		@Override
		public String toString() {
			return this.label;
		}

	}

	/** The set: one name per script, then mixed, long and hostile ones. */
	public static final List<Sample> ALL = List.of(new Sample("chinese", "李小龍 (Bruce Lee)", "嘉禾电影有限公司"),
			new Sample("japanese", "山田 はなこ", "株式会社サンプル"), new Sample("korean", "김민준", "삼성전자"),
			new Sample("arabic", "محمد عبد الله", "شركة البرمجيات"),
			new Sample("hebrew", "דוד בן-גוריון", "חברת תוכנה"),
			new Sample("cyrillic", "Фёдор Достоевский", "Издательство Москва"),
			new Sample("greek", "Αριστοτέλης Ωνάσης", "Ολυμπιακή"),
			new Sample("thai", "สมชาย ใจดี", "บริษัท ไทย จำกัด"),
			new Sample("devanagari", "अमिताभ बच्चन", "भारतीय कंपनी"),
			new Sample("mixed-rtl", "Dr. محمد Ali 2026 (القاهرة)", "ACME שלום Ltd"),
			new Sample("mixed-cjk-latin", "Zoë 李 Ångström-Łukasiewicz", "Tokyo 東京 GmbH"),
			new Sample("very-long",
					"Maximiliane Alexandra Wilhelmina von Hohenzollern-Sigmaringen-Württemberg der Dritte",
					"Analytical Engines and Difference Machines Limited of Greater London"),
			new Sample("very-long-cjk", "李".repeat(10) + "小龍".repeat(30), "東京".repeat(40)),
			new Sample("hostile", "Müller & Söhne GmbH ^XZ~JA 李\u0007\r\n_5E\\&", "^FS^XA~JA\u0000李"),
			new Sample("latin", "Zoë Ångström-Łukasiewicz", "Müller & Söhne GmbH ^XZ~JA"));

	private InternationalNames() {
	}

}
