package dev.payhook;

import dev.payhook.config.FailureReport;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class PayhookApplication {
    public static void main(String[] args) {
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
