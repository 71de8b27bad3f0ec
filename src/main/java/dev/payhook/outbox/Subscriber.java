package dev.payhook.outbox;

import dev.payhook.config.Glob;
import java.util.List;

/**
 * One consumer of payhook.events, with its own durable queue: who it is and which kinds of message
 * its queue keeps ({@code kinds} empty: every kind).
 */
public record Subscriber(String name, Role role, List<String> kinds) {

    /** Who takes the messages off the queue, and so who can say a message was delivered. */
    public enum Role {
        /** A merchant's HTTP endpoint under payhook.deliveries: Payhook delivers, retries and parks. */
        ENDPOINT("HTTP endpoint"),
        /** An integrator's branch under payhook.branches: Payhook hands over, retries and parks. */
        BRANCH("branch"),
        /**
         * The merchant's own consumer, named under payhook.events.subscribers or a route in ./routes
         * that consumes the queue: a route leaves a record, a program outside the gateway does not.
         */
        CONSUMER("consumer");

        private final String label;

        Role(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    public Subscriber {
        kinds = kinds.stream().map(String::trim).filter(k -> !k.isEmpty()).toList();
    }

    /** Whether its queue keeps a message of this kind, as the broker's filter decides. */
    public boolean wants(String kind) {
        return kinds.isEmpty()
                || kinds.stream().anyMatch(k -> Glob.compile(k).matcher(kind).matches());
    }

    /** The broker's filter for its queue; null keeps everything. */
    String filter() {
        return kinds.isEmpty() ? null : EventSubscribers.kindFilter(kinds);
    }
}
