package dev.payhook;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Dependencies between packages run one way, ground floor up, and no two packages (sub-packages
 * included) depend on each other. The payment rules are a functional core: no Spring, Camel or JDBC.
 */
class ArchitectureTest {

    private static final JavaClasses PAYHOOK = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.payhook");

    /** Each top-level package and the packages it may use: docs/DESIGN.md §2's table, read as written. */
    private static final Map<String, List<String>> MAY_USE = house();

    private static Map<String, List<String>> house() {
        String design;
        try {
            design = Files.readString(Path.of("docs/DESIGN.md"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        design = design.substring(design.indexOf("## 2. The house"), design.indexOf("## 3."));
        Map<String, List<String>> house = new LinkedHashMap<>();
        Matcher row = Pattern.compile("(?m)^\\| ([a-z]+) \\| [^|]+ \\| ([a-z, ]+|–) \\|$")
                .matcher(design);
        while (row.find()) {
            if (row.group(1).equals("package")) {
                continue; // the table's heading
            }
            List<String> uses = new ArrayList<>();
            Matcher name = Pattern.compile("[a-z]+").matcher(row.group(2));
            while (name.find()) {
                uses.add(name.group());
            }
            house.put(row.group(1), List.copyOf(uses));
        }
        return house;
    }

    @Test
    void theTableNamesEveryPackageAndOnlyPackagesItNames() {
        Set<String> packages = new TreeSet<>();
        PAYHOOK.forEach(c -> {
            String rest = c.getPackageName().substring("dev.payhook".length());
            if (rest.startsWith(".")) {
                packages.add(rest.substring(1).split("\\.", 2)[0]);
            }
        });
        assertThat(MAY_USE.keySet()).as("docs/DESIGN.md §2's packages").containsExactlyInAnyOrderElementsOf(packages);
        MAY_USE.values().forEach(uses -> assertThat(MAY_USE.keySet()).containsAll(uses));
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
