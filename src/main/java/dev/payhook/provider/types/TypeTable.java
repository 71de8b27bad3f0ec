package dev.payhook.provider.types;

import dev.payhook.config.Glob;
import dev.payhook.config.SetupFailure;
import dev.payhook.payment.WireName;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * One provider's type table as written: each of its event types (or a glob with {@code *}) with
 * the action it means and the reader that reads its object. Read with the line of every entry, so
 * a mistake is reported where it is. An exact type wins over a glob; globs are tried in file order.
 */
public record TypeTable(String source, List<Entry> entries) {

    /** One line of the table. {@code reader} is null for {@link Action#IGNORE}; {@code glob} null for an exact type. */
    public record Entry(String type, Action action, String reader, int line, Pattern glob) {

        boolean matches(String providerType) {
            return glob != null ? glob.matcher(providerType).matches() : type.equals(providerType);
        }
    }

    /** A table of every type of a provider is a few kilobytes; past this it is no table. */
    static final int MAX_CHARACTERS = 256 * 1024;

    public TypeTable {
        entries = List.copyOf(entries);
    }

    public Optional<Entry> find(String providerType) {
        for (Entry e : entries) {
            if (e.glob() == null && e.type().equals(providerType)) {
                return Optional.of(e);
            }
        }
        return entries.stream().filter(e -> e.matches(providerType)).findFirst();
    }

    /** {@code text}, the content of {@code source}: a mapping {@code types:} of type to {@code {action, reader}}. */
    public static TypeTable parse(String source, String text) {
        if (text.length() > MAX_CHARACTERS) {
            throw wrong(
                    source, 1, "is " + text.length() + " characters long; a type table is at most " + MAX_CHARACTERS);
        }
        Node root;
        try {
            LoaderOptions options = new LoaderOptions();
            // a table names types and actions: no alias is needed, and aliases are how a small file
            // becomes a huge document
            options.setMaxAliasesForCollections(0);
            options.setAllowDuplicateKeys(false);
            root = new Yaml(options).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() == null ? 1 : e.getProblemMark().getLine() + 1;
            throw wrong(source, line, "not YAML: " + e.getProblem());
        } catch (YAMLException e) {
            throw wrong(source, 1, "cannot be read: " + e.getMessage());
        }
        if (root == null) {
            throw wrong(source, 1, "empty: a type table is a mapping 'types:'");
        }
        MappingNode types = mapping(source, value(source, mapping(source, root, "the file"), "types"), "types");
        List<Entry> entries = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (NodeTuple t : types.getValue()) {
            String type = scalar(source, t.getKeyNode(), "a type");
            int line = line(t.getKeyNode());
            Integer first = seen.putIfAbsent(type, line);
            if (first != null) {
                throw wrong(source, line, "'" + type + "' is listed twice (first at line " + first + ")");
            }
            entries.add(entry(source, type, line, mapping(source, t.getValueNode(), "'" + type + "'")));
        }
        return new TypeTable(source, entries);
    }

    private static Entry entry(String source, String type, int line, MappingNode fields) {
        String actionName = null;
        String reader = null;
        Set<String> given = new HashSet<>();
        for (NodeTuple f : fields.getValue()) {
            String key = scalar(source, f.getKeyNode(), "a field");
            if (!given.add(key)) {
                throw wrong(source, line(f.getKeyNode()), "'" + type + "': " + key + " is given twice");
            }
            switch (key) {
                case "action" -> actionName = scalar(source, f.getValueNode(), "action");
                case "reader" -> reader = scalar(source, f.getValueNode(), "reader");
                default ->
                    throw wrong(
                            source,
                            line(f.getKeyNode()),
                            "'" + type + "': unknown field '" + key + "' (an entry has action and reader)");
            }
        }
        return entry(source, type, line, actionName, reader);
    }

    private static Entry entry(String source, String type, int line, String actionName, String reader) {
        if (actionName == null) {
            throw wrong(source, line, "'" + type + "': no action (one of " + Action.names() + ")");
        }
        Action action;
        try {
            action = WireName.parse(Action.class, actionName);
        } catch (IllegalArgumentException e) {
            throw wrong(
                    source,
                    line,
                    "'" + type + "': unknown action '" + actionName + "' (one of " + Action.names() + ")");
        }
        if (action != Action.IGNORE && reader == null) {
            throw wrong(source, line, "'" + type + "': no reader (which of the provider's readers reads its object)");
        }
        return new Entry(
                type,
                action,
                action == Action.IGNORE ? null : reader,
                line,
                type.contains("*") ? Glob.compile(type) : null);
    }

    /** A table written in configuration: its entries have no line (0), the source names the setting. */
    public static TypeTable of(String source, Map<String, String> actions) {
        List<Entry> entries = new ArrayList<>();
        actions.forEach((type, actionName) -> entries.add(entry(source, type, 0, actionName, MAPPING)));
        return new TypeTable(source, entries);
    }

    /** The one reader of a table written in configuration. */
    public static final String MAPPING = "mapping";

    static SetupFailure wrong(String source, int line, String problem) {
        return new SetupFailure(
                source + (line > 0 ? ":" + line : "") + ": " + problem,
                "correct the type table (docs/integrating.md#type-tables-what-each-provider-event-type-means lists the actions, the file's header its readers)");
    }

    private static MappingNode mapping(String source, Node node, String what) {
        if (node instanceof MappingNode m) {
            return m;
        }
        throw wrong(source, line(node), what + " must be a mapping");
    }

    private static Node value(String source, MappingNode node, String key) {
        for (NodeTuple t : node.getValue()) {
            if (key.equals(scalar(source, t.getKeyNode(), "a key"))) {
                return t.getValueNode();
            }
        }
        throw wrong(source, line(node), "no '" + key + ":'");
    }

    private static String scalar(String source, Node node, String what) {
        if (node instanceof ScalarNode s && !s.getValue().isBlank()) {
            return s.getValue().trim();
        }
        throw wrong(source, line(node), what + " must be a name");
    }

    private static int line(Node node) {
        return node.getStartMark() == null ? 1 : node.getStartMark().getLine() + 1;
    }
}
