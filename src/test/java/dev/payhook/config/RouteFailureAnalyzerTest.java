package dev.payhook.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.payhook.support.YamlBomb;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.mock.env.MockEnvironment;

/**
 * What Camel throws for a route file it cannot read or a route it cannot make, as the start-up
 * report tells it: the file and the line of the step, the component or option at fault, no
 * secret. Camel here is a real context reading the route file with its YAML DSL.
 */
class RouteFailureAnalyzerTest {

    @TempDir
    Path dir;

    @Test
    void aComponentTheBuildDoesNotHaveIsNamedAtItsLine() throws Exception {
        FailureAnalysis report = start("""
                - route:
                    id: mine
                    from:
                      uri: "timer:tick?period=60000"
                      steps:
                        - log: "tick"
                        - to: "stream:out"
                """);
        assertThat(report.getDescription())
                .startsWith(dir.resolve("mine.yaml") + " line 7, route mine at stream:out: ")
                .contains("this build of Payhook has no Camel component 'stream'; it has ")
                .contains("timer");
        assertThat(report.getAction()).contains("Correct the route in " + dir.resolve("mine.yaml"));
    }

    @Test
    void anOptionTheComponentDoesNotKnowIsNamedAtItsUri() throws Exception {
        FailureAnalysis report = start("""
                - route:
                    id: other
                    from:
                      uri: "timer:tick?period=60000"
                      steps:
                        - to:
                            uri: "log:x"
                            parameters:
                              nosuchoption: 1
                """);
        assertThat(report.getDescription())
                .startsWith(dir.resolve("mine.yaml") + " line 7, route other at log:x?nosuchoption=1: ")
                .contains("Unknown parameters=[{nosuchoption=1}]")
                .doesNotContain("Failed to resolve endpoint");
    }

    @Test
    void aSecretInTheUriIsMasked() throws Exception {
        FailureAnalysis report = start("""
                - route:
                    id: third
                    from:
                      uri: "timer:tick?nosuch=3&password=hunter2"
                      steps:
                        - log: "x"
                """);
        assertThat(report.getDescription())
                .startsWith(dir.resolve("mine.yaml") + " line 4, route third")
                .contains("nosuch=3")
                .doesNotContain("hunter2");
    }

    @Test
    void aTemplatedRouteIsNamedAtTheParameterThatMadeTheBadUri() throws Exception {
        FailureAnalysis report = start("""
                - routeTemplate:
                    id: forward
                    parameters:
                      - name: to
                    route:
                      from:
                        uri: "timer:tick?period=60000"
                        steps:
                          - to: "{{to}}"
                - templatedRoute:
                    routeTemplateRef: forward
                    routeId: forward-crm
                    parameters:
                      - name: to
                        value: "stream:out"
                """);
        assertThat(report.getDescription())
                .startsWith(dir.resolve("mine.yaml") + " line 15, route forward-crm")
                .contains("no Camel component 'stream'");
    }

    @Test
    void aFileThatWouldGrowAsItIsReadIsNamed() throws Exception {
        String laughs = YamlBomb.laughs();
        Path file = Files.writeString(dir.resolve("bomb.yaml"), laughs);
        Throwable failure;
        try (CamelContext camel = new DefaultCamelContext()) {
            failure = catchThrowable(() -> PluginHelper.getRoutesLoader(camel)
                    .loadRoutes(ResourceHelper.resolveResource(camel, "file:" + file)));
        }
        FailureAnalysis report = new RouteFileFailureAnalyzer().analyze(failure);
        assertThat(report).isNotNull();
        assertThat(report.getDescription())
                .isEqualTo(file + ": cannot be read as a whole: Number of aliases for non-scalar nodes exceeds the"
                        + " specified max=50");
    }

    @Test
    void anEntryOfTheRoutesFolderThatIsNoPlainFileStopsTheStart() throws Exception {
        Files.createDirectories(dir.resolve("routes/folder.yaml"));
        MockEnvironment environment = new MockEnvironment()
                .withProperty("payhook.routes.dir", dir.resolve("routes").toString());
        assertThatThrownBy(() -> new RouteSources().postProcessEnvironment(environment, new SpringApplication()))
                .isInstanceOf(SetupFailure.class)
                .hasMessageStartingWith(dir.resolve("routes/folder.yaml") + " is not a plain file (a folder, a pipe)");
    }

    private FailureAnalysis start(String route) throws Exception {
        Path file = Files.writeString(dir.resolve("mine.yaml"), route);
        Throwable failure;
        try (CamelContext camel = new DefaultCamelContext()) {
            PluginHelper.getRoutesLoader(camel).loadRoutes(ResourceHelper.resolveResource(camel, "file:" + file));
            failure = catchThrowable(camel::start);
        }
        assertThat(failure).as("Camel refused the route").isNotNull();
        FailureAnalysis report = new RouteFailureAnalyzer(new MockEnvironment()
                        .withProperty(RouteSources.PATTERN, "classpath:routes/processing.yaml,file:" + file))
                .analyze(failure);
        assertThat(report).isNotNull();
        return report;
    }
}
