package dev.payhook.ops;

import dev.payhook.payment.WireName;
import dev.payhook.provider.Identifiers;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.math.BigDecimal;
import java.util.Set;
import java.util.stream.Stream;
import org.springdoc.core.customizers.ParameterCustomizer;
import org.springframework.core.MethodParameter;
import org.springframework.stereotype.Component;

/**
 * The ranges of the API's parameters in the OpenAPI document, taken from the checks {@link Inputs}
 * makes, so that the document says what a request is refused for: page sizes, the names a
 * parameter takes ({@link OneOf}), times and identifiers.
 */
@Component
class ApiParameters implements ParameterCustomizer {

    private static final Set<String> TIMES = Set.of("since", "received_from", "received_to");

    private static final Set<String> IDENTIFIERS =
            Set.of("provider", "event_type", "event_id", "order_id", "orderId", "endpoint", "ref");

    @Override
    @SuppressWarnings("unchecked")
    public Parameter customize(Parameter parameter, MethodParameter method) {
        if (parameter == null || parameter.getSchema() == null) {
            return parameter;
        }
        Schema<Object> schema = parameter.getSchema();
        String name = parameter.getName();
        OneOf oneOf = method.getParameterAnnotation(OneOf.class);
        if (oneOf != null) {
            schema.setEnum(Stream.concat(wireNames(oneOf.value()), Stream.of(oneOf.also()))
                    .map(Object.class::cast)
                    .toList());
        } else if (name.equals("limit")) {
            schema.setMinimum(BigDecimal.ONE);
            schema.setMaximum(BigDecimal.valueOf(Inputs.MAX_ROWS));
        } else if (name.equals("after_id")) {
            schema.setMinimum(BigDecimal.ZERO);
        } else if (TIMES.contains(name)) {
            schema.setFormat("date-time");
            schema.setDescription("an ISO-8601 instant, from " + Inputs.EARLIEST + " to " + Inputs.LATEST);
        } else if (IDENTIFIERS.contains(name) || name.equals("reason")) {
            schema.setMinLength(1);
            schema.setMaxLength(Identifiers.MAX_LENGTH);
        }
        return parameter;
    }

    private static Stream<String> wireNames(Class<? extends WireName> type) {
        return Stream.of(type.getEnumConstants()).map(WireName::wireName);
    }
}
