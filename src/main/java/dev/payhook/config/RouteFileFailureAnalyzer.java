package dev.payhook.config;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * A route file Camel cannot read (YAML that does not parse, a step or option the YAML DSL does not
 * know, a document that would grow as it is read) stops the start with the file, the line and what is wrong, and the lines around it: not a
 * stack trace whose one message holds all of it with {@code \n} for its line breaks.
 */
public class RouteFileFailureAnalyzer extends AbstractFailureAnalyzer<YamlEngineException> {

    /** How Camel names the file it was reading: {@code Error pre-parsing resource: file:routes/x.yaml}. */
    private static final Pattern RESOURCE = Pattern.compile("resource: (?:file:)?(\\S+)");

    @Override
    protected FailureAnalysis analyze(Throwable root, YamlEngineException cause) {
        return new FailureAnalysis(
                cause instanceof MarkedYamlEngineException marked ? describe(marked) : describe(root, cause),
                "Correct the file, in the Camel YAML DSL as the routes beside it are written, or move it out of"
                        + " the routes folder. The gateway did not start: no route of it ran.",
                cause);
    }

    /**
     * A file the YAML parser refused as a whole (too many aliases, too large): the file, as Camel
     * names it in the failure around the parser's, and why.
     */
    private static String describe(Throwable root, YamlEngineException cause) {
        String file = "A route file";
        for (Throwable t = root; t != null && t != cause; t = t.getCause()) {
            Matcher m = RESOURCE.matcher(String.valueOf(t.getMessage()));
            if (m.find()) {
                file = m.group(1);
            }
        }
        return file + ": cannot be read as a whole: " + cause.getMessage();
    }

    /** The file, line and column, what is wrong there, and the lines around it. */
    public static String describe(MarkedYamlEngineException cause) {
        Optional<Mark> at = cause.getProblemMark().or(cause::getContextMark);
        String where = at.map(m -> m.getName().replaceFirst("^file:", "") + " line " + (m.getLine() + 1) + ", column "
                        + (m.getColumn() + 1))
                .orElse("A route file");
        String problem = cause.getProblem() != null ? cause.getProblem() : cause.getContext();
        return where + ": " + problem
                + at.map(m -> System.lineSeparator() + m.createSnippet()).orElse("");
    }
}
