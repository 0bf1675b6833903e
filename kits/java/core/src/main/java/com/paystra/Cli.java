package com.paystra;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The protocol from the command line, to check a signature by hand:
 *
 *   java -cp out com.paystra.Cli sign --salt SALT KEY=VALUE...
 *   java -cp out com.paystra.Cli verify --salt SALT KEY=VALUE... HASH=...
 *   java -cp out com.paystra.Cli key --key-salt KEY_SALT --pay-id PAY_ID
 *   java -cp out com.paystra.Cli encrypt --salt SALT --key KEY KEY=VALUE...
 *   java -cp out com.paystra.Cli decrypt --key KEY [--salt SALT] ENCDATA
 *   java -cp out com.paystra.Cli webhook --secret SECRET [--salt SALT] [--type TYPE] [--out FILE] KEY=VALUE...
 */
public final class Cli {
    private Cli() {}

    public static void main(String[] args) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            usage();
            System.exit(args.length == 0 ? 2 : 0);
        }
        Map<String, String> options = new LinkedHashMap<>();
        List<String> rest = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].startsWith("--") && i + 1 < args.length) {
                options.put(args[i].substring(2), args[++i]);
            } else {
                rest.add(args[i]);
            }
        }
        try {
            System.exit(run(args[0], options, rest));
        } catch (PaystraException | IllegalArgumentException e) {
            System.err.println("paystra: " + e.getMessage());
            System.exit(2);
        }
    }

    private static int run(String command, Map<String, String> options, List<String> rest) {
        switch (command) {
            case "sign": {
                Map<String, String> fields = fields(rest);
                System.out.println(Hash.canonical(fields));
                System.out.println(Hash.sign(fields, option(options, "salt")));
                return 0;
            }
            case "verify": {
                boolean verified = Hash.verify(fields(rest), option(options, "salt"));
                System.out.println(verified ? "HASH verifies" : "HASH does NOT verify");
                return verified ? 0 : 1;
            }
            case "key":
                System.out.println(Cipher.merchantHostedKey(option(options, "key-salt"), option(options, "pay-id")));
                return 0;
            case "encrypt":
                System.out.println(Cipher.encrypt(fields(rest), option(options, "salt"), option(options, "key")));
                return 0;
            case "decrypt": {
                if (rest.size() != 1) {
                    throw new IllegalArgumentException("decrypt takes one ENCDATA");
                }
                Map<String, String> fields = Cipher.decrypt(rest.get(0), option(options, "key"));
                fields.forEach((key, value) -> System.out.println(key + "=" + value));
                if (options.containsKey("salt")) {
                    boolean verified = Hash.verify(fields, options.get("salt"));
                    System.out.println(verified ? "HASH verifies" : "HASH does NOT verify");
                    return verified ? 0 : 1;
                }
                return 0;
            }
            case "webhook":
                return signWebhook(options, fields(rest));
            default:
                usage();
                return 2;
        }
    }

    /**
     * A test event as the gateway would send it: data = the fields (with their HASH when --salt
     * is given). Prints the X-Paystra-Signature value, and the body unless --out names a file
     * for it, so a shell can hand both to curl.
     */
    private static int signWebhook(Map<String, String> options, Map<String, String> data) {
        Map<String, String> signedData = options.containsKey("salt") ? Hash.withHash(data, options.get("salt")) : data;
        long now = System.currentTimeMillis() / 1000;
        Webhook.Event event = new Webhook.Event(options.getOrDefault("id", Webhook.newEventId()),
                options.getOrDefault("type", "payment.captured"), now, signedData);
        Webhook.Signed signed = Webhook.sign(event, option(options, "secret"), now);
        if (options.containsKey("out")) {
            try {
                Files.writeString(Path.of(options.get("out")), signed.body(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new PaystraException("Cannot write " + options.get("out") + ": " + e.getMessage(), e);
            }
        } else {
            System.out.print(signed.body());
        }
        System.out.println(signed.headers().get(Webhook.SIGNATURE_HEADER));
        return 0;
    }

    private static Map<String, String> fields(List<String> pairs) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String pair : pairs) {
            int separator = pair.indexOf('=');
            if (separator <= 0) {
                throw new IllegalArgumentException("fields are KEY=VALUE, not \"" + pair + "\"");
            }
            fields.put(pair.substring(0, separator), pair.substring(separator + 1));
        }
        return fields;
    }

    private static String option(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException("--" + name + " is missing");
        }
        return value;
    }

    private static void usage() {
        System.err.println(String.join("\n",
                "usage: java -cp out com.paystra.Cli <command> ...",
                "  sign --salt SALT KEY=VALUE...            the canonical string and its HASH",
                "  verify --salt SALT KEY=VALUE... HASH=... whether HASH matches the other fields",
                "  key --key-salt KEY_SALT --pay-id PAY_ID  the 32-character AES key of ENCDATA",
                "  encrypt --salt SALT --key KEY KEY=VALUE... ENCDATA of the fields and their HASH",
                "  decrypt --key KEY [--salt SALT] ENCDATA   the fields (and whether HASH verifies)",
                "  webhook --secret SECRET [--salt SALT] [--type payment.captured] [--id evt_...] [--out FILE] KEY=VALUE...",
                "                                           a signed test event: the body (or FILE), then",
                "                                           the X-Paystra-Signature value"));
    }
}
