package org.signet.metrics;

import java.util.List;
import java.util.function.IntSupplier;
import org.signet.http.RequestMetrics;

/** Requests answered per route and status class, their durations, and the client connections open now. */
public final class HttpCollector implements Collector {
    private static final String[] CLASSES = {"1xx", "2xx", "3xx", "4xx", "5xx"};

    private final RequestMetrics requests;
    private final IntSupplier connectionsOpen;

    public HttpCollector(RequestMetrics requests, IntSupplier connectionsOpen) {
        this.requests = requests;
        this.connectionsOpen = connectionsOpen;
    }

    @Override
    public String name() {
        return "http";
    }

    @Override
    public void collect(Exposition out) {
        List<RequestMetrics.RouteFigures> routes = requests.snapshot();
        out.counter("signet_http_requests_total", "HTTP requests answered, by method, route pattern and status class.");
        for (RequestMetrics.RouteFigures r : routes) {
            for (int i = 0; i < CLASSES.length; i++) {
                long n = r.byStatusClass().get(i);
                if (n > 0) {
                    out.sample("signet_http_requests_total", n, "method", r.method(), "route", r.route(),
                            "status", CLASSES[i]);
                }
            }
        }
        out.histogram("signet_http_request_duration_seconds",
                "Time from a request's arrival at a worker to its answer written, by method and route pattern.");
        List<Double> bounds = RequestMetrics.bounds();
        for (RequestMetrics.RouteFigures r : routes) {
            out.histogramSamples("signet_http_request_duration_seconds", bounds, r.cumulative(), r.sumSeconds(),
                    "method", r.method(), "route", r.route());
        }
        out.gauge("signet_http_connections_open", "Client connections open now, idle and slow ones included.")
                .sample("signet_http_connections_open", connectionsOpen.getAsInt());
    }
}
