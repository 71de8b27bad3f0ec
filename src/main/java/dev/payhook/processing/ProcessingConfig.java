package dev.payhook.processing;

import org.apache.camel.spring.spi.SpringTransactionPolicy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The transactions of routes/processing.yaml: one per batch of messages, a savepoint per message
 * inside it. Two policies, not one: Camel treats a second {@code transacted} with the same policy
 * as already applied and would not open the savepoint.
 */
@Configuration(proxyBeanMethods = false)
public class ProcessingConfig {

    @Bean
    SpringTransactionPolicy batchTransaction(PlatformTransactionManager transactionManager) {
        return policy(transactionManager, "PROPAGATION_REQUIRED");
    }

    /** A savepoint in the batch; its own transaction for a fact the reconciler pulled. */
    @Bean
    SpringTransactionPolicy notificationTransaction(PlatformTransactionManager transactionManager) {
        return policy(transactionManager, "PROPAGATION_NESTED");
    }

    private static SpringTransactionPolicy policy(PlatformTransactionManager transactionManager, String propagation) {
        SpringTransactionPolicy policy = new SpringTransactionPolicy(transactionManager);
        policy.setPropagationBehaviorName(propagation);
        return policy;
    }
}
