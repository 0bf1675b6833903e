package com.paystra.examples.web;

import com.paystra.Client;
import com.paystra.Json;
import com.paystra.OrderStatus;
import com.paystra.PaystraException;
import com.paystra.Webhook;
import com.paystra.WebhookError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The examples' order store and the routes around it: POST /webhook (the gateway's signed
 * events), GET /orders/ID and GET /settlements/ID. The browser return, the status enquiry and the
 * webhook all move an order through update/receive, forward only; a settlement.processed event is
 * recorded beside the orders and moves none; dispute.* events record the order's dispute. Kept in a JSON file,
 * PAYSTRA_DATA_DIR (or ./data)/EXAMPLE-orders.json, rewritten whole (temp file + rename) under
 * this object's lock: the JDK's server runs handlers on several threads.
 */
public final class Orders {
    private final Client client;
    private final Path file;
    private final Map<String, Order> orders = new LinkedHashMap<>();
    /** Event ids already received: the gateway delivers at least once, so repeats are expected. */
    private final Set<String> seenEvents = new LinkedHashSet<>();
    /** The settlements the gateway reported (settlement.processed), by SETTLEMENT_ID. */
    private final Map<String, Map<String, String>> settlements = new LinkedHashMap<>();

    /** What the store keeps of a settlement: enough to tell the money paid out, by which transfer. */
    public static final List<String> SETTLEMENT_FIELDS =
            List.of("SETTLEMENT_ID", "UTR", "SETTLEMENT_DATE", "NET_AMOUNT", "STATUS");
    /** The events recorded on an order beside its status: its dispute, opened and decided. */
    public static final Set<String> DISPUTE_EVENTS = Set.of("dispute.created", "dispute.won", "dispute.lost");

    public Orders(Client client, Path file) {
        this.client = client;
        this.file = file;
        load();
    }

    /** The store of one example (server, pg, epos, wallet, pos), run from the kit folder. */
    public static Orders open(String example, Client client) {
        if (client.config().webhookSecret().isEmpty()) {
            System.err.println("paystra: PAYSTRA_WEBHOOK_SECRET is not set: webhooks are off (requests carry no "
                    + "NOTIFY_URL and /webhook refuses every event) until it is set");
        }
        return new Orders(client, storeFile(example));
    }

    /** PAYSTRA_DATA_DIR (or ./data)/EXAMPLE-orders.json: where an example keeps its orders. */
    public static Path storeFile(String example) {
        String dir = System.getenv("PAYSTRA_DATA_DIR");
        Path base = dir == null || dir.isBlank() ? Path.of("data") : Path.of(dir);
        return base.resolve(example + "-orders.json");
    }

    /**
     * The paid orders of a store file, read without opening the store (another process, the
     * example's app, may be writing it: it only ever renames a whole file into place), as
     * ORDER_ID and AMOUNT, in the order they were created. No file: no orders.
     */
    public static List<Map<String, String>> paidOrders(Path file) {
        List<Map<String, String>> paid = new ArrayList<>();
        for (Order order : read(file).orders()) {
            if (OrderStatus.PAID.equals(order.status)) {
                Map<String, String> fields = new LinkedHashMap<>();
                fields.put("ORDER_ID", order.orderId);
                fields.put("AMOUNT", order.amount);
                paid.add(fields);
            }
        }
        return paid;
    }

    /**
     * NOTIFY_URL for the requests the example sends (payments, QR, refunds, payouts): webhookUrl(),
     * or "" while PAYSTRA_WEBHOOK_SECRET is unset, which the client leaves out of the request: an
     * example that cannot verify events must not ask for them, as every delivery would be refused
     * and the gateway would retry each one for about 32 hours.
     */
    public String notifyUrl() {
        return client.config().webhookSecret().isEmpty() ? "" : webhookUrl();
    }

    /** Where this example listens for the gateway's events: APP_URL/webhook. */
    public String webhookUrl() {
        return client.config().appUrl() + "/webhook";
    }

    /** Records an order the example has just created. */
    public synchronized void created(String orderId, String amount) {
        orders.put(orderId, new Order(orderId, amount, OrderStatus.CREATED, null, List.of(), null));
        save();
    }

    /**
     * Moves a known order forward from a verified response (source "return") or status enquiry
     * answer ("status"). Returns the order's status, or null for an order this store never made.
     */
    public synchronized String update(Map<String, String> fields, String source) {
        Order order = orders.get(fields.getOrDefault("ORDER_ID", ""));
        if (order == null) {
            return null;
        }
        // 328: the gateway has no payment for the order yet, which is not a failed payment.
        if (!"328".equals(fields.get("RESPONSE_CODE")) && order.advance(OrderStatus.of(fields), source)) {
            save();
        }
        return order.status;
    }

    /** Applies a verified event once: the answer to the gateway, as POST /webhook sends it. */
    public synchronized Map<String, Object> receive(Webhook.Event event) {
        String orderId = event.data().get("ORDER_ID");
        Order order = orderId == null ? null : orders.get(orderId);
        boolean settlement = event.type().equals("settlement.processed");
        Map<String, Object> answer = Json.object("received", true, "duplicate", seenEvents.contains(event.id()),
                "event_id", event.id());
        if (seenEvents.contains(event.id())) {
            if (settlement) {
                answer.put("settlement_id", event.data().get("SETTLEMENT_ID"));
                return answer;
            }
            answer.put("order_id", orderId);
            if (order != null) {
                answer.put("status", order.status);
            }
            return answer;
        }
        seenEvents.add(event.id());
        if (settlement) {
            String settlementId = event.data().getOrDefault("SETTLEMENT_ID", "");
            if (settlementId.isEmpty()) {
                answer.put("ignored", "the settlement.processed event names no SETTLEMENT_ID");
            } else {
                // A settlement moves no order: it says when, and by which transfer, their money was paid.
                Map<String, String> recorded = new LinkedHashMap<>();
                SETTLEMENT_FIELDS.forEach(field -> recorded.put(field, event.data().getOrDefault(field, "")));
                settlements.put(settlementId, recorded);
                answer.put("settlement_id", settlementId);
            }
        } else if (!event.type().startsWith("payment.") && !DISPUTE_EVENTS.contains(event.type())) {
            answer.put("ignored", event.type() + " events do not change an order in this example");
        } else if (order == null) {
            answer.put("ignored", "no order " + orderId + " in this example's store");
        } else if (DISPUTE_EVENTS.contains(event.type())) {
            // A dispute never moves the payment's status: it is recorded beside it.
            order.recordDispute(event.data());
            order.events.add(event.id());
            answer.put("order_id", orderId);
            answer.put("status", order.status);
            answer.put("dispute", new LinkedHashMap<>(order.dispute));
        } else {
            order.advance(OrderStatus.of(event.data()), "webhook");
            order.events.add(event.id());
            answer.put("order_id", orderId);
            answer.put("status", order.status);
        }
        save();
        return answer;
    }

    /**
     * A dispute's verified fields (the answer to Client.acceptDispute or contestDispute) recorded
     * on its ORDER_ID, forward only. The order as GET /orders/ID shows it, or null for an unknown one.
     */
    public synchronized Map<String, Object> disputed(Map<String, String> fields) {
        Order order = orders.get(fields.getOrDefault("ORDER_ID", ""));
        if (order == null) {
            return null;
        }
        order.recordDispute(fields);
        save();
        return order.toJson();
    }

    /** POST /webhook: verifies the raw body with X-Paystra-Signature, then receives the event. */
    public Reply webhook(Request request) {
        Webhook.Event event;
        try {
            event = client.verifyWebhook(request.rawBody(), request.header(Webhook.SIGNATURE_HEADER));
        } catch (WebhookError error) {
            return refused(error);
        }
        return Reply.json(200, receive(event));
    }

    /** 400 {"received": false, "reason", "error"}: the gateway retries, a developer reads why. */
    public static Reply refused(WebhookError error) {
        return Reply.json(400, Json.object("received", false, "reason", error.reason(), "error", error.getMessage()));
    }

    /**
     * GET /orders/ID, with the order's page for a browser (its dispute, and the forms answering an
     * open one, posting to acceptPath and contestPath); JSON otherwise, as lookup answers.
     */
    public WebApp.Handler lookup(Layout layout, String acceptPath, String contestPath) {
        return request -> {
            Map<String, Object> order = request.wantsHtml()
                    ? order(request.path().substring("/orders/".length())) : null;
            return order == null ? lookup(request)
                    : Reply.html(200, Pages.orderPage(layout, order, acceptPath, contestPath));
        };
    }

    /** GET /orders/ID: the order as this example knows it, JSON. */
    public Reply lookup(Request request) {
        String orderId = request.path().substring("/orders/".length());
        synchronized (this) {
            Order order = orders.get(orderId);
            return order == null ? Reply.json(404, Json.object("error", "No such order"))
                    : Reply.json(200, order.toJson());
        }
    }

    /** GET /settlements/ID: a settlement the gateway reported, JSON; 404 when none was. */
    public Reply settlementLookup(Request request) {
        String settlementId = request.path().substring("/settlements/".length());
        Map<String, String> recorded = settlement(settlementId);
        return recorded == null ? Reply.json(404, Json.object("error", "No such settlement"))
                : Reply.json(200, recorded);
    }

    /** A recorded settlement (SETTLEMENT_FIELDS), or null. */
    public synchronized Map<String, String> settlement(String settlementId) {
        Map<String, String> recorded = settlements.get(settlementId);
        return recorded == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(recorded));
    }

    /** A snapshot of one order, or null. */
    public synchronized Map<String, Object> order(String orderId) {
        Order order = orders.get(orderId);
        return order == null ? null : order.toJson();
    }

    /**
     * The home page's word on webhooks: where the example listens and where NOTIFY_URL points
     * (the requests carry it only once PAYSTRA_WEBHOOK_SECRET is set).
     */
    public String homeNote() {
        String url = "<code>NOTIFY_URL=" + Html.esc(webhookUrl()) + "</code>";
        String notify = notifyUrl().isEmpty()
                ? "Set <code>PAYSTRA_WEBHOOK_SECRET</code> (from the merchant portal, not the salt) and the "
                        + "requests it sends carry " + url + "."
                : "The requests it sends carry " + url + ".";
        return "<section class=\"card\" aria-labelledby=\"webhook-title\"><h2 id=\"webhook-title\">Webhooks</h2>"
                + "<p>This server also listens at <code>/webhook</code> for the gateway\u2019s signed events, which "
                + "tell it each outcome even when the customer\u2019s browser never comes back. " + notify
                + " <code>APP_URL</code> must be an address the gateway can reach. See an order as this app "
                + "recorded it at <code>/orders/&lt;ORDER_ID&gt;</code>, and a settlement the gateway reported "
                + "(<code>settlement.processed</code>) at <code>/settlements/&lt;SETTLEMENT_ID&gt;</code>.</p></section>";
    }

    /** What a store file holds. */
    private record Stored(List<Order> orders, List<String> seenEvents, Map<String, Map<String, String>> settlements) {}

    private void load() {
        orders.clear();
        seenEvents.clear();
        settlements.clear();
        Stored stored = read(file);
        stored.orders().forEach(order -> orders.put(order.orderId, order));
        seenEvents.addAll(stored.seenEvents());
        settlements.putAll(stored.settlements());
    }

    @SuppressWarnings("unchecked")
    private static Stored read(Path file) {
        Stored stored = new Stored(new ArrayList<>(), new ArrayList<>(), new LinkedHashMap<>());
        if (!Files.exists(file)) {
            return stored;
        }
        try {
            Map<String, Object> json = Json.parseObject(Files.readString(file, StandardCharsets.UTF_8));
            for (Object item : (List<Object>) json.getOrDefault("orders", List.of())) {
                stored.orders().add(Order.fromJson((Map<String, Object>) item));
            }
            stored.seenEvents().addAll((List<String>) json.getOrDefault("seen_events", List.of()));
            // A store written before settlements were recorded has none.
            ((Map<String, Object>) json.getOrDefault("settlements", Map.of())).forEach((id, recorded) -> {
                Map<String, String> fields = new LinkedHashMap<>();
                ((Map<String, Object>) recorded).forEach((field, value) -> fields.put(field, (String) value));
                stored.settlements().put(id, fields);
            });
            return stored;
        } catch (IOException | RuntimeException e) {
            throw new PaystraException("Cannot read the order store " + file.toAbsolutePath()
                    + " (" + e.getMessage() + "): move it away to start afresh", e);
        }
    }

    private void save() {
        List<Object> list = new ArrayList<>();
        orders.values().forEach(order -> list.add(order.toJson()));
        String text = Json.writeIndented(Json.object("orders", list, "seen_events", List.copyOf(seenEvents),
                "settlements", settlements)) + "\n";
        Path temp = null;
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            temp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            // A reader (or a crash) sees the old file or the new one, never half of one.
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            deleteQuietly(temp);
            // Back to what the file holds, so the gateway's retry of this event is not taken for a repeat.
            load();
            throw new UncheckedIOException("Cannot write the order store " + file.toAbsolutePath(), e);
        }
    }

    private static void deleteQuietly(Path temp) {
        try {
            if (temp != null) {
                Files.deleteIfExists(temp);
            }
        } catch (IOException ignored) {
            // the write already failed; that is the error worth reporting
        }
    }
}
