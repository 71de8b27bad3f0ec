package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.DeadLetterReason;
import dev.payhook.payment.WireName;
import dev.payhook.store.DeadLetterFilter;
import dev.payhook.store.DeadLetterStore.Status;
import io.swagger.v3.oas.annotations.Parameter;
import java.time.Instant;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * A dead-letter filter as ops write it: the bulk calls' JSON body, the list's and export's query,
 * the console's form. A blank field is no filter; times are ISO-8601 instants, or a console form's
 * local date and time, read as UTC. Each field has its name three times: for JSON, for a query's
 * binding, for the OpenAPI document.
 */
public record DeadLetterQuery(
        @OneOf(DeadLetterReason.class) String reason,
        String provider,

        @JsonProperty("event_type") @BindParam("event_type") @Parameter(name = "event_type")
        String eventType,

        @JsonProperty("received_from") @BindParam("received_from") @Parameter(name = "received_from")
        String receivedFrom,

        @JsonProperty("received_to") @BindParam("received_to") @Parameter(name = "received_to")
        String receivedTo) {

    /** The filter, checked; {@code status} null: any status. */
    DeadLetterFilter filter(Status status) {
        Instant from = Inputs.instant(receivedFrom, "received_from");
        Instant to = Inputs.instant(receivedTo, "received_to");
        if (from != null && to != null && !from.isBefore(to)) {
            throw new InvalidInput("received_from must be before received_to");
        }
        return new DeadLetterFilter(
                status,
                checkedReason(),
                Inputs.optionalIdentifier(Inputs.blankless(provider), "provider"),
                Inputs.optionalIdentifier(Inputs.blankless(eventType), "event_type"),
                from,
                to);
    }

    /** The filter's query parameters, for a page's links to itself, its next page and its export. */
    String query() {
        UriComponentsBuilder uri = UriComponentsBuilder.newInstance();
        add(uri, "reason", reason);
        add(uri, "provider", provider);
        add(uri, "event_type", eventType);
        add(uri, "received_from", receivedFrom);
        add(uri, "received_to", receivedTo);
        String query = uri.encode().build().getQuery();
        return query == null ? "" : query;
    }

    private static void add(UriComponentsBuilder uri, String name, String value) {
        if (Inputs.blankless(value) != null) {
            uri.queryParam(name, value);
        }
    }

    private String checkedReason() {
        String r = Inputs.blankless(reason);
        if (r == null) {
            return null;
        }
        try {
            return WireName.parse(DeadLetterReason.class, r).wireName();
        } catch (IllegalArgumentException e) {
            throw new InvalidInput("reason must be one of "
                    + Stream.of(DeadLetterReason.values())
                            .map(WireName::wireName)
                            .collect(Collectors.joining(", ")));
        }
    }
}
