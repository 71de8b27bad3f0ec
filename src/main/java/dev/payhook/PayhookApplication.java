package dev.payhook;

import dev.payhook.check.CheckCommand;
import dev.payhook.config.FailureReport;
import java.util.Arrays;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class PayhookApplication {
    public static void main(String[] args) {
        // the image's entry point runs the gateway; `payhook check [DIR]` checks its routes instead
        if (args.length > 0 && args[0].equals("check")) {
            CheckCommand.main(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        try {
            SpringApplication.run(PayhookApplication.class, args);
        } catch (RuntimeException | Error failure) {
            // Spring Boot has closed what had started; the threads the broker's pools leave behind
            // would keep the JVM up for a minute or more, and a supervisor must see the exit at once.
            FailureReport.unlessReported(failure);
            System.exit(1);
        }
    }
}
