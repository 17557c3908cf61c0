package io.eventops.reconciler.attendee;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.eventops.reconciler.web.DomainException;
import io.eventops.reconciler.web.ReconcilerProblem;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Attendee import (JSON array or CSV with the same header), the search and the attendee
 * detail view.
 */
@RestController
class AttendeeController {

	private static final String[] CSV_HEADER = { "attendeeId", "displayName", "company", "tier", "email",
			"ticketType" };

	private final AttendeeRegistry registry;

	private final AttendeeQueries queries;

	private final AttendeeSearch search;

	AttendeeController(AttendeeRegistry registry, AttendeeQueries queries, AttendeeSearch search) {
		this.registry = registry;
		this.queries = queries;
		this.search = search;
	}

	/**
	 * Finds attendees of an event by a part of their name, company or e-mail (accents and
	 * case ignored), their attendee id or an express code (#41).
	 * @param eventId the event
	 * @param q 2 to 100 characters
	 * @param limit how many at most (1 to 50)
	 * @return the matches
	 */
	@GetMapping("/admin/v1/events/{eventId}/attendees")
	AttendeeMatches find(@PathVariable String eventId, @RequestParam(required = false) String q,
			@RequestParam(defaultValue = "" + AttendeeSearch.DEFAULT_LIMIT) int limit) {
		return this.search.search(eventId, q, limit);
	}

	@PostMapping(path = "/admin/v1/events/{eventId}/attendees", consumes = "application/json")
	AttendeeRegistry.ImportResult importJson(@PathVariable String eventId, @RequestBody List<AttendeeImport> rows) {
		return this.registry.importAttendees(eventId, rows);
	}

	@PostMapping(path = "/admin/v1/events/{eventId}/attendees", consumes = "text/csv")
	AttendeeRegistry.ImportResult importCsv(@PathVariable String eventId, @RequestBody String csv) {
		return this.registry.importAttendees(eventId, parseCsv(csv));
	}

	@GetMapping("/admin/v1/attendees/{attendeeId}")
	AttendeeView attendee(@PathVariable String attendeeId) {
		return this.queries.find(attendeeId).orElseThrow(() -> DomainException.notFound("Attendee", attendeeId));
	}

	static List<AttendeeImport> parseCsv(String csv) {
		CSVFormat format = CSVFormat.RFC4180.builder()
			.setHeader()
			.setSkipHeaderRecord(true)
			.setIgnoreEmptyLines(true)
			.setTrim(true)
			.get();
		try (CSVParser parser = CSVParser.parse(new StringReader(csv.strip()), format)) {
			Map<String, Integer> header = parser.getHeaderMap();
			for (String column : new String[] { "attendeeId", "displayName" }) {
				if (!header.containsKey(column)) {
					throw DomainException.invalid(ReconcilerProblem.INVALID_CSV,
							"The CSV header must name the columns " + String.join(",", CSV_HEADER) + ".");
				}
			}
			List<AttendeeImport> rows = new ArrayList<>();
			for (CSVRecord record : parser) {
				rows.add(new AttendeeImport(cell(record, "attendeeId"), cell(record, "displayName"),
						cell(record, "company"), cell(record, "tier"), cell(record, "email"),
						cell(record, "ticketType")));
			}
			return rows;
		}
		catch (IOException | IllegalStateException | IllegalArgumentException ex) {
			throw DomainException.invalid(ReconcilerProblem.INVALID_CSV,
					"The CSV could not be read (check quoting and columns).");
		}
	}

	private static String cell(CSVRecord record, String column) {
		if (!record.isMapped(column) || !record.isSet(column)) {
			return null;
		}
		String value = record.get(column);
		return value.isEmpty() ? null : value;
	}

}
