package dev.payhook.support;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.WireMockServer;

/**
 * The providers' APIs as the reconciler meets them in tests: one WireMock server for the whole
 * test JVM (the gateway's context is shared, so its base URLs must stay put), each provider under
 * its own path prefix. Tests stub the answers they need under ids no other test uses.
 */
public final class ApiStubs {

    public static final String STRIPE_KEY = "sk_test_PayhookReconcilerKey0000";
    public static final String PADDLE_KEY = "pdl_sdbx_apikey_PayhookReconcilerKey0000";
    public static final String DODO_KEY = "dodo_test_PayhookReconcilerKey0000";
    public static final String RAZORPAY_KEY_ID = "rzp_test_PayhookRecon00";
    public static final String RAZORPAY_KEY_SECRET = "PayhookReconcilerSecret0";
    public static final String ALIPAY_APP_ID = "2021000000000000";
    public static final String WECHATPAY_MCHID = "1900000109";
    public static final String WECHATPAY_MERCHANT_SERIAL = "444F4864EA9B34415A3B6B4C8D1A2B3C4D5E6F70";
    public static final String PAYPAL_CLIENT_ID = "AcPayhookReconcilerClient0000";
    public static final String PAYPAL_CLIENT_SECRET = "EPayhookReconcilerSecret0000";
    public static final String PAYPAL_TOKEN = "A21AAPayhookAccessToken0000";
    public static final String ADYEN_API_KEY = "AQEyhmfxPayhookCheckoutKey0000";
    public static final String ADYEN_MERCHANT_ACCOUNT = "PayhookTestMerchant";
    public static final String IMEPAY_MERCHANT_CODE = "PAYHOOKTEST";
    public static final String IMEPAY_MODULE = "PAYHOOK";
    public static final String IMEPAY_USER = "payhookapi";
    public static final String IMEPAY_PASSWORD = "payhook@1234";
    public static final String KHALTI_SECRET = "live_secret_key_PayhookReconciler00";
    public static final String MOLLIE_KEY = "test_PayhookReconcilerKey000000000000";

    private static WireMockServer server;

    private ApiStubs() {}

    public static synchronized WireMockServer server() {
        if (server == null) {
            server = new WireMockServer(
                    wireMockConfig().dynamicPort().containerThreads(8).extensions(new HeldAnswers()));
            server.start();
            // Dodo finds an order's payment by reading its newest payments: by default it has none
            stubNothingKnown();
            Runtime.getRuntime().addShutdownHook(new Thread(server::stop));
        }
        return server;
    }

    /**
     * What each provider answers, at the lowest priority, for an order nobody paid: a test stubs
     * its own answers over these.
     */
    private static void stubNothingKnown() {
        server.stubFor(get(urlPathEqualTo("/stripe/v1/payment_intents/search"))
                .atPriority(10)
                .willReturn(okJson("{\"object\":\"search_result\",\"data\":[],\"has_more\":false,"
                        + "\"next_page\":null,\"url\":\"/v1/payment_intents/search\"}")));
        server.stubFor(get(urlPathEqualTo("/stripe/v1/events"))
                .atPriority(10)
                .willReturn(okJson("{\"object\":\"list\",\"data\":[],\"has_more\":false,\"url\":\"/v1/events\"}")));
        server.stubFor(get(urlPathEqualTo("/paddle/events"))
                .atPriority(10)
                .willReturn(okJson("{\"data\":[],\"meta\":{\"request_id\":\"req_none\",\"pagination\":"
                        + "{\"per_page\":200,\"has_more\":false,\"estimated_total\":0}}}")));
        // Dodo's metadata is not searchable: Payhook reads its newest payments
        server.stubFor(get(urlPathEqualTo("/dodo/payments")).atPriority(10).willReturn(okJson("{\"items\":[]}")));
        // Khalti answers a pidx it does not know with 404
        server.stubFor(post(urlPathEqualTo("/khalti/v2/epayment/lookup/"))
                .atPriority(10)
                .willReturn(aResponse()
                        .withStatus(404)
                        .withHeader("Content-Type", "application/json")
                        .withBody("{\"detail\":\"Not found.\",\"error_key\":\"validation_error\"}")));
        // Mollie answers a payment id it does not know with 404, as problem JSON
        server.stubFor(get(urlPathMatching("/mollie/v2/payments/[^/]+"))
                .atPriority(10)
                .willReturn(aResponse()
                        .withStatus(404)
                        .withHeader("Content-Type", "application/hal+json")
                        .withBody("{\"status\":404,\"title\":\"Not Found\",\"detail\":\"No payment exists with "
                                + "token.\",\"_links\":{\"documentation\":{\"href\":"
                                + "\"https://docs.mollie.com/overview/handling-errors\",\"type\":\"text/html\"}}}")));
        // Razorpay finds an order by the receipt the merchant gave it: by default none has it
        server.stubFor(get(urlPathEqualTo("/razorpay/v1/orders"))
                .atPriority(10)
                .willReturn(okJson("{\"entity\":\"collection\",\"count\":0,\"items\":[]}")));
        // Alipay answers in-band, unsigned
        server.stubFor(post(urlPathEqualTo("/alipay/gateway.do"))
                .atPriority(10)
                .willReturn(okJson("{\"alipay_trade_query_response\":{\"code\":\"40004\",\"msg\":"
                        + "\"Business Failed\",\"sub_code\":\"ACQ.TRADE_NOT_EXIST\",\"sub_msg\":\"no such trade\"}}")));
        server.stubFor(post(urlPathEqualTo("/paypal/v1/oauth2/token"))
                .atPriority(10)
                .withBasicAuth(PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET)
                .willReturn(okJson("{\"scope\":\"https://uri.paypal.com/services/reporting/search/read\","
                        + "\"access_token\":\"" + PAYPAL_TOKEN + "\",\"token_type\":\"Bearer\","
                        + "\"app_id\":\"APP-80W284485P519543T\",\"expires_in\":32400,\"nonce\":\"n\"}")));
        server.stubFor(get(urlPathEqualTo("/paypal/v1/notifications/webhooks-events"))
                .atPriority(10)
                .willReturn(okJson("{\"events\":[],\"count\":0,\"links\":[]}")));
        server.stubFor(get(urlPathEqualTo("/esewa/api/epay/transaction/status/"))
                .atPriority(10)
                .willReturn(okJson("{\"product_code\":\"EPAYTEST\",\"transaction_uuid\":\"none\","
                        + "\"total_amount\":0.0,\"status\":\"NOT_FOUND\",\"ref_id\":null}")));
        server.stubFor(get(urlPathMatching("/wechatpay/v3/pay/transactions/.*"))
                .atPriority(10)
                .willReturn(aResponse()
                        .withStatus(404)
                        .withHeader("Content-Type", "application/json")
                        .withBody("{\"code\":\"ORDER_NOT_EXIST\",\"message\":\"no such order\"}")));
    }

    /** The base URL configured as {@code payhook.providers.<provider>.api.base-url}. */
    public static String baseUrl(String provider) {
        return server().baseUrl() + "/" + provider;
    }
}
