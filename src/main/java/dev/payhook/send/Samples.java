package dev.payhook.send;

import dev.payhook.provider.types.TypeTable;
import java.util.Comparator;
import java.util.Optional;

/**
 * Which sample {@code send} builds a type from: the type's own, else one of the same object. A type
 * the table has just mapped (Stripe's charge.captured to the reader charge) has no sample of its own;
 * a sample whose type the table reads with the same reader, with the same action first, carries an
 * object that reader reads, in a status that agrees.
 */
final class Samples {

    private Samples() {}

    static Sample choose(String provider, String kind, String type, Optional<TypeTable> table) {
        Optional<Sample> own = Sample.find(kind, type);
        if (own.isPresent()) {
            return own.get();
        }
        Optional<TypeTable.Entry> entry = table.flatMap(t -> t.find(type)).filter(e -> e.reader() != null);
        Optional<Sample> sameObject = entry.flatMap(e -> Sample.all().stream()
                        .filter(s -> s.kind().equals(kind))
                        .filter(s -> table.get()
                                .find(s.type())
                                .filter(x -> e.reader().equals(x.reader()))
                                .isPresent())
                        .min(Comparator.comparing(s -> table.get()
                                .find(s.type())
                                .filter(x -> x.action() == e.action())
                                .isEmpty())))
                .map(s -> s.as(type));
        return sameObject.orElseThrow(() -> new SendFailure(
                Sample.hasKind(kind)
                        ? "no sample of " + provider + " " + (type.isEmpty() ? "(no type given)" : type)
                                + entry.map(e -> ", nor of another type its table reads with the reader " + e.reader())
                                        .orElse(", and its table does not name the type")
                        : provider + " sends a format of its own (" + kind + "), of which send has no sample",
                "write the event as " + provider + " sends it to a file and pass it: send " + provider
                        + " --body FILE" + (type.isEmpty() ? "" : " --type " + type)
                        + "; send --list names the types with samples"));
    }
}
