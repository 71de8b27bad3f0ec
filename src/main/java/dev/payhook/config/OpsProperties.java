package dev.payhook.config;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/** {@code payhook.ops.*}: the management listener and the tokens that may use it. */
@Validated
@ConfigurationProperties("payhook.ops")
public class OpsProperties {
    private String token = "";

    /** Named tokens, each with its roles; the name is who the audit trail says acted. */
    private Map<@Pattern(regexp = "[A-Za-z0-9_.-]{1,64}") String, @Valid NamedToken> tokens = new LinkedHashMap<>();
    /** Request bodies of the ops and merchant API; larger ones get 413 before they are read. */
    @NotNull
    private DataSize maxBody = DataSize.ofKilobytes(64);

    /** The management listener: ops API, console, actuator. 0: any free port. */
    @Min(0)
    @Max(65535)
    private int port = 8081;

    /** Loopback unless configured: exposing the webhook port never exposes ops. */
    @NotNull
    private String address = "127.0.0.1";

    public int getPort() {
        return port;
    }

    public void setPort(int port) {
        this.port = port;
    }

    public String getAddress() {
        return address;
    }

    public void setAddress(String address) {
        this.address = address;
    }

    public String getToken() {
        return token;
    }

    public void setToken(String token) {
        this.token = token == null ? "" : token;
    }

    public DataSize getMaxBody() {
        return maxBody;
    }

    public void setMaxBody(DataSize maxBody) {
        this.maxBody = maxBody;
    }

    public Map<String, NamedToken> getTokens() {
        return tokens;
    }

    public void setTokens(Map<String, NamedToken> tokens) {
        this.tokens = tokens == null ? new LinkedHashMap<>() : tokens;
    }

    public static class NamedToken {
        private String token = "";

        @NotEmpty
        private Set<OpsRole> roles = new LinkedHashSet<>();

        public String getToken() {
            return token;
        }

        public void setToken(String token) {
            this.token = token == null ? "" : token;
        }

        public Set<OpsRole> getRoles() {
            return roles;
        }

        public void setRoles(Set<OpsRole> roles) {
            this.roles = roles == null ? new LinkedHashSet<>() : roles;
        }
    }
}
