package dev.payhook.provider.mapped;

import dev.payhook.provider.FormatFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The format {@code mapped}: a sender's JSON read by pointers from its configuration. */
@Configuration(proxyBeanMethods = false)
public class Mapped {

    @Bean
    FormatFactory<?> mappedFormat() {
        return new MappedFormat.Factory();
    }
}
