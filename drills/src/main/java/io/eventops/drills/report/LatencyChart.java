package io.eventops.drills.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import io.eventops.drills.fleet.BatchTiming;

/**
 * Draws every flush request as a dot (x: when it was sent, y: its latency) with the p50,
 * p95 and p99 lines, as a PNG rendered headless with Java2D.
 */
public final class LatencyChart {

	private static final int WIDTH = 900;

	private static final int HEIGHT = 420;

	private static final int MARGIN = 60;

	private LatencyChart() {
	}

	/**
	 * Writes the chart.
	 * @param file the PNG
	 * @param title the title
	 * @param timings the requests
	 * @param latency their percentiles
	 * @throws IOException when it cannot be written
	 */
	public static void write(Path file, String title, List<BatchTiming> timings, Latency latency) throws IOException {
		System.setProperty("java.awt.headless", "true");
		BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
		Graphics2D g = image.createGraphics();
		try {
			g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
			g.setColor(Color.WHITE);
			g.fillRect(0, 0, WIDTH, HEIGHT);
			long t0 = timings.stream().mapToLong(BatchTiming::startNanos).min().orElse(0);
			double maxX = Math.max(1, timings.stream().mapToDouble((t) -> (t.startNanos() - t0) / 1e9).max().orElse(1));
			double maxY = Math.max(1, latency.max() * 1.05);
			int plotW = WIDTH - 2 * MARGIN;
			int plotH = HEIGHT - 2 * MARGIN;
			g.setColor(Color.BLACK);
			g.drawRect(MARGIN, MARGIN, plotW, plotH);
			g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
			g.drawString(title, MARGIN, MARGIN - 25);
			g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
			for (int i = 0; i <= 4; i++) {
				int y = MARGIN + plotH - plotH * i / 4;
				g.drawString(String.format("%.0f ms", maxY * i / 4), 5, y + 4);
				int x = MARGIN + plotW * i / 4;
				g.drawString(String.format("%.1f s", maxX * i / 4), x - 10, HEIGHT - MARGIN + 15);
			}
			g.drawString("time since the herd started (request sent)", MARGIN + plotW / 2 - 100, HEIGHT - 15);
			for (BatchTiming timing : timings) {
				int x = MARGIN + (int) (plotW * ((timing.startNanos() - t0) / 1e9) / maxX);
				int y = MARGIN + plotH - (int) (plotH * timing.millis() / maxY);
				g.setColor((timing.status() == 200) ? new Color(30, 90, 200, 150) : new Color(200, 30, 30, 200));
				g.fillOval(x - 2, y - 2, 4, 4);
			}
			line(g, "p50", latency.p50(), maxY, plotW, plotH, new Color(0, 150, 0));
			line(g, "p95", latency.p95(), maxY, plotW, plotH, new Color(230, 140, 0));
			line(g, "p99", latency.p99(), maxY, plotW, plotH, new Color(200, 0, 0));
		}
		finally {
			g.dispose();
		}
		Files.createDirectories(file.toAbsolutePath().getParent());
		ImageIO.write(image, "png", file.toFile());
	}

	private static void line(Graphics2D g, String label, double value, double maxY, int plotW, int plotH, Color color) {
		int y = MARGIN + plotH - (int) (plotH * value / maxY);
		g.setColor(color);
		g.setStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] { 6, 4 }, 0));
		g.drawLine(MARGIN, y, MARGIN + plotW, y);
		g.drawString(String.format("%s %.0f ms", label, value), MARGIN + plotW - 90, y - 3);
	}

}
