package dev.payhook;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Dependencies between packages run one way, ground floor up, and no two packages (sub-packages
 * included) depend on each other. The payment rules are a functional core: no Spring, Camel or JDBC.
 */
class ArchitectureTest {

    private static final JavaClasses PAYHOOK = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.payhook");

    /** Each top-level package and the packages it may use; the order is the house, ground floor first. */
    private static final Map<String, List<String>> MAY_USE = new LinkedHashMap<>();

    static {
        MAY_USE.put("config", List.of());
        MAY_USE.put("broker", List.of());
        MAY_USE.put("payment", List.of());
        MAY_USE.put("provider", List.of("config", "payment"));
        MAY_USE.put("store", List.of("config", "broker", "payment", "provider"));
        MAY_USE.put("alerts", List.of("config", "broker", "payment", "provider", "store"));
        MAY_USE.put("ingress", List.of("config", "broker", "payment", "provider", "alerts", "web"));
        MAY_USE.put("processing", List.of("config", "broker", "payment", "provider", "store", "alerts"));
        MAY_USE.put("outbox", List.of("config", "broker", "store"));
        MAY_USE.put("merchant", List.of("config", "broker", "outbox", "store"));
        MAY_USE.put("reconcile", List.of("config", "payment", "provider", "store", "alerts", "processing"));
        MAY_USE.put(
                "ops",
                List.of(
                        "config",
                        "broker",
                        "payment",
                        "provider",
                        "store",
                        "processing",
                        "reconcile",
                        "outbox",
                        "merchant"));
        MAY_USE.put("refund", List.of("config", "payment", "provider", "store", "processing"));
        MAY_USE.put("returns", List.of("config", "payment", "provider", "store", "alerts", "reconcile"));
        MAY_USE.put("web", List.of("config", "provider"));
        MAY_USE.put("embedded", List.of("config", "broker"));
        MAY_USE.put("send", List.of("config", "provider"));
        MAY_USE.put("reload", List.of("config", "provider"));
    }

    @Test
    void packagesDependOnlyOnThoseBelow() {
        LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (String name : MAY_USE.keySet()) {
            layers = layers.layer(name).definedBy("dev.payhook." + name + "..");
        }
        for (Map.Entry<String, List<String>> layer : MAY_USE.entrySet()) {
            layers = layer.getValue().isEmpty()
                    ? layers.whereLayer(layer.getKey()).mayNotAccessAnyLayer()
                    : layers.whereLayer(layer.getKey())
                            .mayOnlyAccessLayers(layer.getValue().toArray(String[]::new));
        }
        layers.check(PAYHOOK);
    }

    @Test
    void noPackageCycles() {
        slices().matching("dev.payhook.(**)").should().beFreeOfCycles().check(PAYHOOK);
    }

    @Test
    void thePaymentRulesArePure() {
        noClasses()
                .that()
                .resideInAPackage("dev.payhook.payment..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "org.springframework..", "org.apache.camel..", "java.sql..", "javax.sql..", "jakarta..")
                .check(PAYHOOK);
    }
}
