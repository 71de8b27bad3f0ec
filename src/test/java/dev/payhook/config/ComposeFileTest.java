package dev.payhook.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Pom;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * docker-compose.yml as an operator deploys it (the machine's docker CLI has no compose plugin, so
 * .ci/run validates it with `docker compose config` only where one exists): every setting the
 * configuration reads from the environment reaches both replicas, every service has a health check
 * and a restart policy, and no management port is published beyond the host's loopback.
 */
class ComposeFileTest {

    /** A placeholder Spring resolves; {@code \\${..}} is escaped, left to Logback (the log patterns). */
    private static final Pattern ENVIRONMENT = Pattern.compile("(?<!\\\\)\\$\\{([A-Z][A-Z0-9_]+)");

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> services() throws IOException {
        Map<String, Object> compose = new Yaml().load(Files.readString(Path.of("docker-compose.yml")));
        return (Map<String, Map<String, Object>>) compose.get("services");
    }

    @Test
    void bothReplicasGetEveryEnvironmentSettingTheConfigurationReads() throws IOException {
        Set<String> read = new TreeSet<>();
        Matcher m = ENVIRONMENT.matcher(Files.readString(Path.of("config/application.yml")));
        while (m.find()) {
            read.add(m.group(1));
        }
        read.remove("PAYHOOK_OPS_PORT"); // the image's default, 8081, is what the port mappings name
        for (String replica : Set.of("payhook-1", "payhook-2")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> environment =
                    (Map<String, Object>) services().get(replica).get("environment");
            assertThat(environment.keySet()).as(replica).containsAll(read);
        }
    }

    @Test
    void everyServiceHasAHealthCheckAndARestartPolicy() throws IOException {
        services().forEach((name, service) -> {
            assertThat(service).as(name).containsKey("healthcheck");
            assertThat(service.get("restart")).as(name).isEqualTo("unless-stopped");
        });
    }

    @Test
    void theGatewaysAndBrokersGetTimeToStop() throws IOException {
        services().forEach((name, service) -> {
            if (name.startsWith("payhook")) {
                assertThat(service.get("stop_grace_period"))
                        .as(name + ": beyond the gateway's 30 s stop bound (Compose waits 10 s)")
                        .isEqualTo("45s");
            } else if (name.startsWith("artemis")) {
                assertThat(service.get("stop_grace_period")).as(name).isEqualTo("60s");
            }
        });
    }

    /**
     * The brokers' entrypoint, run in a folder laid out as the image's instance with the image's
     * script replaced by one that records the broker.xml it starts with: an edited file reaches an
     * instance that exists, and a new instance is left to the image to create.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theBrokersTakeTheirConfigurationOnEveryStart(@TempDir Path instance) throws Exception {
        List<String> entrypoint = (List<String>) services().get("artemis").get("entrypoint");
        assertThat(services().get("artemis-backup").get("entrypoint")).isEqualTo(entrypoint);
        Path image = Files.writeString(
                instance.resolve("docker-run.sh"),
                "#!/bin/bash\n[ -f etc/broker.xml ] && cat etc/broker.xml || echo created\n");
        image.toFile().setExecutable(true);
        List<String> command = entrypoint.stream()
                .map(word -> word.replace("/docker-run.sh", image.toString()))
                .toList();
        Files.createDirectories(instance.resolve("etc-override"));
        Files.writeString(instance.resolve("etc-override/broker.xml"), "edited");
        assertThat(run(command, instance))
                .as("a first start: the image creates the instance")
                .isEqualTo("created");
        Files.createDirectories(instance.resolve("etc"));
        Files.writeString(instance.resolve("etc/broker.xml"), "as created");
        assertThat(run(command, instance))
                .as("a later start: the file of today")
                .isEqualTo("edited");
    }

    private static String run(List<String> command, Path dir) throws Exception {
        Process process = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(process.waitFor()).as(out).isZero();
        return out;
    }

    @Test
    void managementPortsArePublishedOnLoopbackOnly() throws IOException {
        for (Map.Entry<String, Map<String, Object>> service : services().entrySet()) {
            Object ports = service.getValue().get("ports");
            if (ports == null) {
                continue;
            }
            for (Object port : (Iterable<?>) ports) {
                if (port.toString().endsWith(":8081")) {
                    assertThat(port.toString()).as(service.getKey()).startsWith("127.0.0.1:");
                }
            }
        }
    }

    /**
     * Profile ha runs the broker as the replication pair that broker/ha-pair.sh writes from
     * broker.xml: the default broker becomes its primary by the file it is given, a backup joins it,
     * each names the other, and the shipped pair is what the script makes of today's broker.xml.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theHaProfileRunsTheShippedReplicationPair() throws Exception {
        Map<String, Object> primary = services().get("artemis");
        Map<String, Object> backup = services().get("artemis-backup");
        assertThat(primary).doesNotContainKey("profiles");
        assertThat((List<String>) backup.get("profiles")).containsExactly("ha");
        assertThat((List<String>) primary.get("volumes"))
                .contains(
                        "./broker/${PAYHOOK_BROKER_CONFIG:-broker.xml}:/var/lib/artemis-instance/etc-override/broker.xml:ro");
        assertThat((List<String>) backup.get("volumes"))
                .contains("./broker/ha/backup.xml:/var/lib/artemis-instance/etc-override/broker.xml:ro")
                .doesNotContainAnyElementsOf((List<String>) primary.get("volumes"));
        String primaryArgs = (String) ((Map<String, Object>) primary.get("environment")).get("JAVA_ARGS_APPEND");
        String backupArgs = (String) ((Map<String, Object>) backup.get("environment")).get("JAVA_ARGS_APPEND");
        assertThat(primaryArgs)
                .contains(
                        "-Dpayhook.broker.self=tcp://artemis:61616",
                        "-Dpayhook.broker.peer=tcp://artemis-backup:61616");
        assertThat(backupArgs)
                .contains(
                        "-Dpayhook.broker.self=tcp://artemis-backup:61616",
                        "-Dpayhook.broker.peer=tcp://artemis:61616");
        assertThat(Files.readString(Path.of("broker/ha/primary.xml"))).contains("<primary>");
        assertThat(Files.readString(Path.of("broker/ha/backup.xml")))
                .contains("<allow-failback>false</allow-failback>");

        Process check = new ProcessBuilder("bash", "broker/ha-pair.sh", "--check")
                .redirectErrorStream(true)
                .start();
        String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor()).as(said).isZero();
    }

    /** The replicas run the image that {@code mvn -Pimage} builds for this version of the pom. */
    @Test
    @SuppressWarnings("unchecked")
    void theReplicasRunTheImageThePomBuilds() throws IOException {
        String pom = Pom.text();
        Matcher image = Pattern.compile("<image>(payhook:\\$\\{project.version})</image>")
                .matcher(pom);
        assertThat(image.find())
                .as("the image profile names payhook:${project.version}")
                .isTrue();
        for (String replica : Set.of("payhook-1", "payhook-2")) {
            assertThat(services().get(replica).get("image")).as(replica).isEqualTo("payhook:" + Pom.version());
            assertThat((List<String>) services().get(replica).get("volumes"))
                    .as("no jar is mounted: the image holds it")
                    .noneMatch(v -> v.contains(".jar"));
        }
    }
}
