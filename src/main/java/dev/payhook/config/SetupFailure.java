package dev.payhook.config;

/**
 * A start that cannot go on because of how the gateway is set up (a setting missing or wrong, a
 * port or a data directory taken): what is wrong and how to fix it, in the operator's words.
 * {@link SetupFailureAnalyzer} makes the start end with these two, not with a stack trace.
 */
public class SetupFailure extends IllegalStateException {

    private final String problem;
    private final String fix;

    public SetupFailure(String problem, String fix) {
        super(problem + ": " + fix);
        this.problem = problem;
        this.fix = fix;
    }

    public String problem() {
        return problem;
    }

    public String fix() {
        return fix;
    }
}
