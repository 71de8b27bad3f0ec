package dev.payhook.web;

import dev.payhook.config.OpsProperties;
import dev.payhook.config.SetupFailure;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.apache.catalina.connector.Connector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * The two listeners: the public one ({@code server.port}) for providers and payers, the management
 * one ({@code payhook.ops.port}, loopback unless configured) for ops, the merchant API and the
 * actuator. One servlet serves both; {@link AccessFilter} asks {@link #isManagement} which paths
 * a request may reach, so exposing the webhook port never exposes ops.
 */
@Component
public class Listeners implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    private static final Logger log = LoggerFactory.getLogger(Listeners.class);

    private final OpsProperties settings;
    private volatile Connector management;

    public Listeners(OpsProperties settings) {
        this.settings = settings;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        if (settings.getPort() != 0 && settings.getPort() == factory.getPort()) {
            throw new SetupFailure(
                    "payhook.ops.port (" + settings.getPort() + ") is server.port too",
                    "give the management listener a port of its own");
        }
        Connector connector = new Connector(TomcatServletWebServerFactory.DEFAULT_PROTOCOL);
        connector.setPort(settings.getPort());
        connector.setProperty("address", address(settings.getAddress()));
        connector.setURIEncoding("UTF-8");
        factory.addAdditionalConnectors(connector);
        this.management = connector;
    }

    /** Whether the request came in on the management listener. */
    public boolean isManagement(HttpServletRequest request) {
        return management != null && request.getLocalPort() == management.getLocalPort();
    }

    /** The management listener's port once it listens (the one bound when payhook.ops.port is 0). */
    public int managementPort() {
        if (management == null || management.getLocalPort() <= 0) {
            throw new IllegalStateException("the management listener is not running");
        }
        return management.getLocalPort();
    }

    private static String address(String configured) {
        try {
            InetAddress address = InetAddress.getByName(configured);
            if (!address.isLoopbackAddress()) {
                log.warn(
                        "payhook.ops.address is {}: the management listener (ops API, console, merchant API, "
                                + "metrics) is reachable from the network, guarded by the ops token alone. Keep it on "
                                + "loopback or a private network behind a firewall.",
                        address.getHostAddress());
            }
            return address.getHostAddress();
        } catch (UnknownHostException e) {
            throw new SetupFailure(
                    "payhook.ops.address '" + configured + "' does not resolve",
                    "set an address or a host name this machine resolves (default 127.0.0.1)");
        }
    }
}
