package dev.payhook;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class PayhookApplication {
    public static void main(String[] args) {
        SpringApplication.run(PayhookApplication.class, args);
    }
}
