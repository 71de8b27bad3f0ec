package dev.payhook;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Dependencies between packages run one way, ground floor up: configuration and broker names;
 * providers; the store; alerts; ingress beside processing; the outbox worker; the ops API; the web
 * edge and the embedded servers on top. No cycle between any two packages, sub-packages included.
 */
class ArchitectureTest {

    private static final JavaClasses PAYHOOK = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.payhook");

    @Test
    void layersDependOnlyOnLayersBelow() {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("Config")
                .definedBy("dev.payhook.config..")
                .layer("Broker")
                .definedBy("dev.payhook.broker..")
                .layer("Provider")
                .definedBy("dev.payhook.provider..")
                .layer("Store")
                .definedBy("dev.payhook.store..")
                .layer("Alerts")
                .definedBy("dev.payhook.alerts..")
                .layer("Ingress")
                .definedBy("dev.payhook.ingress..")
                .layer("Processing")
                .definedBy("dev.payhook.processing..")
                .layer("Outbox")
                .definedBy("dev.payhook.outbox..")
                .layer("Ops")
                .definedBy("dev.payhook.ops..")
                .layer("Web")
                .definedBy("dev.payhook.web..")
                .layer("Embedded")
                .definedBy("dev.payhook.embedded..")
                .whereLayer("Config")
                .mayNotAccessAnyLayer()
                .whereLayer("Broker")
                .mayNotAccessAnyLayer()
                .whereLayer("Provider")
                .mayOnlyAccessLayers("Config")
                .whereLayer("Store")
                .mayOnlyAccessLayers("Config", "Broker", "Provider")
                .whereLayer("Alerts")
                .mayOnlyAccessLayers("Broker", "Store")
                .whereLayer("Ingress")
                .mayOnlyAccessLayers("Config", "Broker", "Provider", "Alerts")
                .whereLayer("Processing")
                .mayOnlyAccessLayers("Config", "Broker", "Provider", "Store", "Alerts")
                .whereLayer("Outbox")
                .mayOnlyAccessLayers("Config", "Broker", "Store")
                .whereLayer("Ops")
                .mayOnlyAccessLayers("Config", "Provider", "Store", "Processing")
                .whereLayer("Web")
                .mayOnlyAccessLayers("Config", "Provider")
                .whereLayer("Embedded")
                .mayOnlyAccessLayers("Config", "Broker")
                .check(PAYHOOK);
    }

    @Test
    void noPackageCycles() {
        slices().matching("dev.payhook.(**)").should().beFreeOfCycles().check(PAYHOOK);
    }
}
