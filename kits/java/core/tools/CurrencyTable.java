import com.paystra.Json;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites the currency table of com.paystra.Currency from the protocol vectors' `currencies`
 * section, so the table is never typed by hand. From the kit root, after the build (javac into out/):
 *
 *   java -cp out core/tools/CurrencyTable.java path/to/vectors.json   (default: PAYSTRA_VECTORS)
 */
public final class CurrencyTable {
    private static final Path TABLE = Path.of("core", "src", "main", "java", "com", "paystra", "Currency.java");
    private static final Pattern BLOCK = Pattern.compile(
            "(// paystra:generated currencies[^\\n]*\\n\\s*/\\*\\*[^\\n]*\\*/\\n).*?(\\n\\s*// paystra:endgenerated)",
            Pattern.DOTALL);

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        String source = args.length > 0 ? args[0] : System.getenv().getOrDefault("PAYSTRA_VECTORS", "");
        if (source.isEmpty()) {
            throw new IllegalArgumentException("usage: CurrencyTable VECTORS_JSON (or set PAYSTRA_VECTORS)");
        }
        Map<String, Object> vectors = Json.parseObject(Files.readString(Path.of(source), StandardCharsets.UTF_8));
        List<Object> listed = (List<Object>) ((Map<String, Object>) vectors.get("currencies")).get("list");
        List<String> rows = new ArrayList<>();
        for (Object item : listed) {
            Map<String, Object> entry = (Map<String, Object>) item;
            rows.add("            new Currency(\"" + entry.get("CODE") + "\", \"" + entry.get("CURRENCY_CODE") + "\", "
                    + ((BigDecimal) entry.get("MINOR_UNITS")).intValueExact() + ")");
        }
        String text = Files.readString(TABLE, StandardCharsets.UTF_8);
        Matcher block = BLOCK.matcher(text);
        if (!block.find()) {
            throw new IllegalStateException("no generated block in " + TABLE);
        }
        String table = "    public static final List<Currency> ALL = List.of(\n" + String.join(",\n", rows) + ");";
        Files.writeString(TABLE, text.substring(0, block.start()) + block.group(1) + table + block.group(2)
                + text.substring(block.end()), StandardCharsets.UTF_8);
        System.out.println(TABLE + ": " + listed.size() + " currencies");
    }
}
