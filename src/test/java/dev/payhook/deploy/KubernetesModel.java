package dev.payhook.deploy;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBuilder;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.openshift.api.model.monitoring.v1.PrometheusRule;
import io.fabric8.openshift.api.model.monitoring.v1.ServiceMonitor;
import java.util.Map;

/**
 * Reads rendered manifests as the Kubernetes API would: each object by the model of its kind and
 * API version (fabric8's), where a field the API does not know fails, with its path. fabric8 keeps
 * unknown fields aside instead of failing; this reader takes that place away.
 */
final class KubernetesModel {

    private static final Map<String, Class<?>> KINDS = Map.of(
            "apps/v1 Deployment", Deployment.class,
            "apps/v1 StatefulSet", StatefulSet.class,
            "v1 Service", Service.class,
            "v1 ConfigMap", ConfigMap.class,
            "networking.k8s.io/v1 NetworkPolicy", NetworkPolicy.class,
            "networking.k8s.io/v1 Ingress", Ingress.class,
            "policy/v1 PodDisruptionBudget", PodDisruptionBudget.class,
            "monitoring.coreos.com/v1 ServiceMonitor", ServiceMonitor.class,
            "monitoring.coreos.com/v1 PrometheusRule", PrometheusRule.class);

    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule().setDeserializerModifier(new BeanDeserializerModifier() {
                @Override
                public BeanDeserializerBuilder updateBuilder(
                        DeserializationConfig config, BeanDescription description, BeanDeserializerBuilder builder) {
                    builder.setAnySetter(null);
                    return builder;
                }
            }));

    private KubernetesModel() {}

    /** Fails with the object's kind, name and the unknown or mistyped field's path. */
    static void read(Map<String, Object> object) {
        String key = object.get("apiVersion") + " " + object.get("kind");
        Class<?> type = KINDS.get(key);
        if (type == null) {
            throw new AssertionError("a kind the manifests are not expected to hold: " + key);
        }
        try {
            STRICT.convertValue(object, type);
        } catch (IllegalArgumentException e) {
            @SuppressWarnings("unchecked")
            Object name = ((Map<String, Object>) object.get("metadata")).get("name");
            throw new AssertionError(key + " " + name + " is not what the API takes: " + e.getMessage(), e);
        }
    }
}
