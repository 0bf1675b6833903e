package com.paystra;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The kit's settings: paystra.env in the kit root (KEY=VALUE lines, "#" comments), then
 * environment variables, which win. The same keys in every language's kit.
 */
public final class Config {
    public static final String FILE_NAME = "paystra.env";

    private final String baseUrl;
    private final String payId;
    private final String salt;
    private final String keySalt;
    private final String appUrl;
    private final int port;
    private final String webhookSecret;

    public Config(String baseUrl, String payId, String salt, String keySalt, String appUrl, int port) {
        this(baseUrl, payId, salt, keySalt, appUrl, port, "");
    }

    public Config(String baseUrl, String payId, String salt, String keySalt, String appUrl, int port,
            String webhookSecret) {
        this.webhookSecret = webhookSecret == null ? "" : webhookSecret;
        this.baseUrl = stripTrailingSlashes(baseUrl);
        this.payId = payId;
        this.salt = salt;
        this.keySalt = keySalt;
        this.appUrl = stripTrailingSlashes(appUrl);
        this.port = port;
    }

    /** Reads kitRoot/paystra.env when present, then the environment. */
    public static Config load(Path kitRoot) {
        return load(kitRoot, System.getenv());
    }

    /** As load(kitRoot), with the environment given (for tests). */
    public static Config load(Path kitRoot, Map<String, String> environment) {
        Map<String, String> values = new LinkedHashMap<>();
        Path file = kitRoot.resolve(FILE_NAME);
        if (Files.isRegularFile(file)) {
            try {
                values.putAll(parseEnvFile(Files.readAllLines(file, StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new PaystraException("Cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        for (String key : List.of("PAYSTRA_BASE_URL", "PAYSTRA_PAY_ID", "PAYSTRA_SALT",
                "PAYSTRA_KEY_SALT", "PAYSTRA_WEBHOOK_SECRET", "APP_URL", "PORT")) {
            String value = environment.get(key);
            if (value != null && !value.isBlank()) {
                values.put(key, value.trim());
            }
        }
        int port = parsePort(values.getOrDefault("PORT", "8000"));
        return new Config(
                required(values, "PAYSTRA_BASE_URL"),
                required(values, "PAYSTRA_PAY_ID"),
                required(values, "PAYSTRA_SALT"),
                required(values, "PAYSTRA_KEY_SALT"),
                values.getOrDefault("APP_URL", "http://localhost:" + port),
                port,
                // Optional: only receiving webhooks needs it, and verifying says when it is missing.
                values.getOrDefault("PAYSTRA_WEBHOOK_SECRET", ""));
    }

    /**
     * Saves a sandbox account's paystra.env (Client.createSandboxAccount's paystraEnv()) in the
     * kit root, readable by its owner only where the file system has owners, for Config.load.
     * Throws PaystraException rather than replace a paystra.env that is there, unless overwrite.
     */
    public static Path writeEnvFile(Path kitRoot, Client.SandboxAccount account, boolean overwrite) {
        String text = account.paystraEnv();
        if (text == null || text.isEmpty()) {
            throw new PaystraException("The account has no PAYSTRA_ENV to write");
        }
        Path file = kitRoot.resolve(FILE_NAME);
        Set<OpenOption> options = new HashSet<>(List.of(StandardOpenOption.WRITE,
                overwrite ? StandardOpenOption.CREATE : StandardOpenOption.CREATE_NEW));
        if (overwrite) {
            options.add(StandardOpenOption.TRUNCATE_EXISTING);
        }
        FileAttribute<?>[] ownerOnly = {};
        if (kitRoot.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            ownerOnly = new FileAttribute<?>[] {
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))};
        }
        try (SeekableByteChannel channel = Files.newByteChannel(file, options, ownerOnly)) {
            ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        } catch (FileAlreadyExistsException e) {
            throw new PaystraException(file + " exists: pass overwrite true to replace it", e);
        } catch (IOException e) {
            throw new PaystraException("Cannot write " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    /**
     * KEY=VALUE lines. Blank lines and lines starting with "#" are skipped; " #" after a value
     * starts a comment; a value may be quoted ("..." or '...') to keep a "#" or spaces.
     */
    public static Map<String, String> parseEnvFile(List<String> lines) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String raw : lines) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("export ")) {
                line = line.substring("export ".length()).strip();
            }
            int separator = line.indexOf('=');
            if (separator <= 0) {
                continue;
            }
            String key = line.substring(0, separator).strip();
            String value = line.substring(separator + 1).strip();
            if (value.length() >= 2 && (value.charAt(0) == '"' || value.charAt(0) == '\'')
                    && value.indexOf(value.charAt(0), 1) > 0) {
                value = value.substring(1, value.indexOf(value.charAt(0), 1));
            } else {
                int comment = value.indexOf(" #");
                int tab = value.indexOf("\t#");
                if (tab >= 0 && (comment < 0 || tab < comment)) {
                    comment = tab;
                }
                if (comment >= 0) {
                    value = value.substring(0, comment).strip();
                }
            }
            values.put(key, value);
        }
        return values;
    }

    /** The gateway's base URL, e.g. http://localhost:3000/sandbox (no trailing slash). */
    public String baseUrl() {
        return baseUrl;
    }

    public String payId() {
        return payId;
    }

    /** The merchant salt that signs every HASH. Never send it to a browser. */
    public String salt() {
        return salt;
    }

    /** Derives the AES key of ENCDATA (merchant-hosted requests and every response). */
    public String keySalt() {
        return keySalt;
    }

    /** Where this app is reachable; RETURN_URL = appUrl() + "/response". */
    public String appUrl() {
        return appUrl;
    }

    public int port() {
        return port;
    }

    /** PAYSTRA_WEBHOOK_SECRET: keys the HMAC of the gateway's webhooks; not the salt. "" when unset. */
    public String webhookSecret() {
        return webhookSecret;
    }

    private static String required(Map<String, String> values, String key) {
        String value = values.get(key);
        if (value == null || value.isEmpty()) {
            throw new PaystraException(key + " is not set: copy paystra.env.example to "
                    + FILE_NAME + " in the kit folder, or set it in the environment");
        }
        return value;
    }

    private static int parsePort(String value) {
        try {
            int port = Integer.parseInt(value.trim());
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new PaystraException("PORT must be a number from 0 to 65535, not \"" + value + "\"");
    }

    private static String stripTrailingSlashes(String url) {
        return url.replaceAll("/+$", "");
    }

    @Override
    public String toString() {
        // The salts stay out of logs.
        return "Config[baseUrl=" + baseUrl + ", payId=" + payId + ", appUrl=" + appUrl
                + ", port=" + port + "]";
    }
}
