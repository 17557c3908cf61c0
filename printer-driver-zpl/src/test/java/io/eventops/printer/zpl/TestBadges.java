package io.eventops.printer.zpl;

/**
 * Builds badges for tests: a realistic sample by default, any field overridable.
 */
public final class TestBadges {

	private String jobId = "0b6f2c1e-8d1a-4e55-9a4b-2f1c3d4e5f60";

	private String attendeeId = "att_9f3ac210";

	private int credentialVersion = 2;

	private String displayName = "Ada Lovelace";

	private String company = "Analytical Engines Ltd";

	private String tier = "SPEAKER";

	private String qrPayload = "EOPS1:att_9f3ac210:2:Q0hFQ0tTVU0";

	private TestBadges() {
	}

	public static TestBadges badge() {
		return new TestBadges();
	}

	public static Badge sample() {
		return badge().build();
	}

	public TestBadges jobId(String jobId) {
		this.jobId = jobId;
		return this;
	}

	public TestBadges attendeeId(String attendeeId) {
		this.attendeeId = attendeeId;
		return this;
	}

	public TestBadges credentialVersion(int credentialVersion) {
		this.credentialVersion = credentialVersion;
		return this;
	}

	public TestBadges displayName(String displayName) {
		this.displayName = displayName;
		return this;
	}

	public TestBadges company(String company) {
		this.company = company;
		return this;
	}

	public TestBadges tier(String tier) {
		this.tier = tier;
		return this;
	}

	public TestBadges qrPayload(String qrPayload) {
		this.qrPayload = qrPayload;
		return this;
	}

	public Badge build() {
		return new Badge(this.jobId, this.attendeeId, this.credentialVersion, this.displayName, this.company, this.tier,
				this.qrPayload);
	}

}
