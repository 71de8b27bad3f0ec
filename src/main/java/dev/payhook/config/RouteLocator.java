package dev.payhook.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * Where a route sits in the route files Camel read: the file and line of a route by its id, and of a
 * step in it by the text it was written with. Camel names a route that cannot be made by its id and
 * the step by its label ({@code to[stream:out]}), but says neither file nor line.
 *
 * @param sources the route files as {@code camel.main.routes-include-pattern} lists them
 */
public record RouteLocator(String sources) {

    /** A place in a route file: the file as the operator knows it and the line, from 1. */
    public record Place(String file, int line) {
        @Override
        public String toString() {
            return file + " line " + line;
        }
    }

    private static final int MAX_FILE_BYTES = 1024 * 1024;

    /**
     * The line of the first of {@code texts} written in the route {@code routeId} (a step, or a
     * template parameter's value), else the line of the route's id; for a route no file declares
     * the id of, the first line written as one of {@code texts}; empty when neither is found.
     */
    public Optional<Place> find(String routeId, String... texts) {
        ResourceLoader loader = new DefaultResourceLoader(RouteLocator.class.getClassLoader());
        Map<String, List<Node>> files = new LinkedHashMap<>();
        Stream.of(sources.split(",", -1))
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .forEach(l -> files.put(l, documents(loader.getResource(l))));
        for (Map.Entry<String, List<Node>> file : files.entrySet()) {
            Optional<Declared> route = routeId == null ? Optional.empty() : route(file.getValue(), routeId);
            if (route.isPresent()) {
                Node at = Stream.of(texts)
                        .filter(t -> t != null)
                        .map(t -> step(route.get().route(), t))
                        .flatMap(Optional::stream)
                        .findFirst()
                        .orElse(route.get().id());
                return Optional.of(place(file.getKey(), at));
            }
        }
        // a route without an id of its own (Camel names it route1, ...): where its text is
        for (Map.Entry<String, List<Node>> file : files.entrySet()) {
            Optional<Node> at = written(file.getValue(), texts);
            if (at.isPresent()) {
                return Optional.of(place(file.getKey(), at.get()));
            }
        }
        return Optional.empty();
    }

    private static Place place(String location, Node at) {
        return new Place(
                shown(location), at.getStartMark().map(m -> m.getLine() + 1).orElse(1));
    }

    /** A file of this checkout or beside the jar as its path; one of the jar's as its name in the jar. */
    private static String shown(String location) {
        return location.startsWith("classpath:")
                ? location.substring("classpath:".length()) + " (in the jar)"
                : location.replaceFirst("^file:", "");
    }

    /** A route's declaration: the mapping that holds its id, and the id's own node. */
    private record Declared(MappingNode route, ScalarNode id) {}

    /** The route whose id ({@code id} or {@code routeId}) is {@code routeId}, in any document of the file. */
    private static Optional<Declared> route(List<Node> documents, String routeId) {
        return documents.stream()
                .flatMap(RouteLocator::inOrder)
                .filter(n -> n instanceof MappingNode)
                .map(n -> declares((MappingNode) n, routeId))
                .flatMap(Optional::stream)
                .findFirst();
    }

    /** The first scalar of the file written as one of {@code texts}. */
    private static Optional<Node> written(List<Node> documents, String... texts) {
        return Stream.of(texts)
                .filter(t -> t != null)
                .flatMap(t -> documents.stream()
                        .filter(d -> d instanceof MappingNode || d instanceof SequenceNode)
                        .map(d -> step(d, t))
                        .flatMap(Optional::stream))
                .findFirst();
    }

    /** The file's YAML documents as nodes with their marks; none when it cannot be read. */
    private static List<Node> documents(Resource file) {
        if (!file.exists()) {
            return List.of();
        }
        try (InputStream in = file.getInputStream()) {
            String text = new String(in.readNBytes(MAX_FILE_BYTES), StandardCharsets.UTF_8);
            List<Node> documents = new ArrayList<>();
            new Compose(LoadSettings.builder().build())
                    .composeAllFromString(text)
                    .forEach(documents::add);
            return documents;
        } catch (IOException | YamlEngineException e) {
            return List.of();
        }
    }

    private static Optional<Declared> declares(MappingNode map, String routeId) {
        for (NodeTuple t : map.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode key
                    && (key.getValue().equals("id") || key.getValue().equals("routeId"))
                    && t.getValueNode() instanceof ScalarNode value
                    && value.getValue().equals(routeId)) {
                return Optional.of(new Declared(map, value));
            }
        }
        return Optional.empty();
    }

    /**
     * The first scalar written as {@code text}, else the first with the same part before the query
     * (the options written apart, or masked in what Camel said).
     */
    private static Optional<Node> step(Node route, String text) {
        String written = plain(text);
        String base = beforeQuery(written);
        List<ScalarNode> scalars = inOrder(route)
                .filter(n -> n instanceof ScalarNode)
                .map(ScalarNode.class::cast)
                .toList();
        return scalars.stream()
                .filter(s -> plain(s.getValue()).equals(written))
                .findFirst()
                .or(() -> scalars.stream()
                        .filter(s -> beforeQuery(plain(s.getValue())).equals(base))
                        .findFirst())
                .map(Node.class::cast);
    }

    /** A URI as written or as Camel normalizes it: {@code timer:tick} and {@code timer://tick} alike. */
    private static String plain(String uri) {
        return uri.strip().replaceFirst("^([A-Za-z][\\w+.-]*)://", "$1:");
    }

    private static String beforeQuery(String uri) {
        int query = uri.indexOf('?');
        return query < 0 ? uri : uri.substring(0, query);
    }

    /** Every node under {@code root}, in the order they are written; aliases are not followed twice. */
    private static Stream<Node> inOrder(Node root) {
        List<Node> nodes = new ArrayList<>();
        Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Node> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Node node = todo.pop();
            if (!seen.add(node)) {
                continue;
            }
            nodes.add(node);
            List<Node> children = new ArrayList<>();
            if (node instanceof MappingNode map) {
                map.getValue().forEach(t -> {
                    children.add(t.getKeyNode());
                    children.add(t.getValueNode());
                });
            } else if (node instanceof SequenceNode seq) {
                children.addAll(seq.getValue());
            }
            for (int i = children.size() - 1; i >= 0; i--) {
                todo.push(children.get(i));
            }
        }
        return nodes.stream();
    }
}
