package dev.payhook.config;

import java.util.Optional;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * A route file Camel cannot read (YAML that does not parse, a step or option the YAML DSL does not
 * know) stops the start with the file, the line and what is wrong, and the lines around it: not a
 * stack trace whose one message holds all of it with {@code \n} for its line breaks.
 */
public class RouteFileFailureAnalyzer extends AbstractFailureAnalyzer<MarkedYamlEngineException> {

    @Override
    protected FailureAnalysis analyze(Throwable root, MarkedYamlEngineException cause) {
        return new FailureAnalysis(
                describe(cause),
                "Correct the file, in the Camel YAML DSL as the routes beside it are written, or move it out of"
                        + " the routes folder. The gateway did not start: no route of it ran.",
                cause);
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
