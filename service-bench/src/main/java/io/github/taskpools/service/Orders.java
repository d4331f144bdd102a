package io.github.taskpools.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The request documents of the service benchmark: a web shop's order (customer, addresses, line
 * items with attributes and tags), the shape of the "medium" and "large" objects of the go-json
 * suite the BWoS paper's §6.3.3 ran, and the summaries the endpoints answer with.
 *
 * <p>{@link #generate} makes an order of a given number of items from a seed, the same bytes on
 * every machine; {@link Size} names the three payloads the benchmark sends (about 1, 10 and
 * 100 KB of JSON).
 */
public final class Orders {
    private Orders() {
    }

    /** A postal address. */
    public record Address(String name, String street, String city, String postalCode, String country) {
    }

    /** The customer placing the order; {@code tier} is "gold", "silver" or "standard". */
    public record Customer(String id, String name, String email, String tier, Address billing) {
    }

    /** One line of the order; prices in cents, {@code discountPercent} 0 to 30. */
    public record LineItem(String sku, String name, String category, int quantity, long unitPriceCents,
            int discountPercent, Map<String, String> attributes, List<String> tags) {
    }

    /** The order a client posts. */
    public record Order(String id, String createdAt, String currency, Customer customer, Address shipping,
            List<LineItem> items, String note) {
    }

    /** The amount and quantity of one category of an order. */
    public record CategoryTotal(String category, int quantity, long amountCents) {
    }

    /** What the JSON and blocking endpoints answer: the priced order. */
    public record Summary(String orderId, String customerId, int items, int quantity, long subtotalCents,
            long discountCents, long taxCents, long totalCents, List<CategoryTotal> byCategory,
            List<String> topSkus, boolean requiresReview) {
    }

    /** One subtask's result in the fan-out endpoint: a slice of the order's items, priced. */
    public record SliceTotal(int slice, int items, int quantity, long subtotalCents, long lineDiscountCents,
            long checksum) {
    }

    /** What the fan-out endpoint answers: the per-slice results and the order's total. */
    public record FanoutSummary(String orderId, List<SliceTotal> slices, int quantity, long subtotalCents,
            long discountCents, long taxCents, long totalCents) {
    }

    /** The three payloads, by number of line items (about 1, 10 and 100 KB of JSON). */
    public enum Size {
        SMALL(3), MEDIUM(42), LARGE(440);

        /** Line items of the order. */
        public final int items;

        Size(int items) {
            this.items = items;
        }
    }

    private static final String[] CATEGORIES = {
        "kitchen", "garden", "books", "toys", "electronics", "sports", "office", "bathroom",
    };
    private static final String[] ADJECTIVES = {
        "Stainless", "Recycled", "Compact", "Deluxe", "Foldable", "Wireless", "Organic", "Heavy-duty",
    };
    private static final String[] NOUNS = {
        "water bottle", "garden hose", "notebook", "puzzle", "headphones", "yoga mat", "desk lamp", "towel set",
    };
    private static final String[] COLORS = {"black", "white", "red", "green", "blue", "grey"};
    private static final String[] SIZES = {"XS", "S", "M", "L", "XL"};
    private static final String[] COUNTRIES = {"DE", "FR", "GB", "US", "NL", "SE"};
    private static final String[] TIERS = {"gold", "silver", "standard", "standard"};

    /**
     * An order of {@code items} line items made from {@code seed}: the same order for the same
     * arguments, on every machine.
     *
     * @throws IllegalArgumentException if {@code items} is negative
     */
    public static Order generate(long seed, int items) {
        if (items < 0) {
            throw new IllegalArgumentException("items must not be negative, got " + items);
        }
        SplittableRandom r = new SplittableRandom(seed);
        String country = pick(r, COUNTRIES);
        Address home = new Address("Alex Example", (10 + r.nextInt(190)) + " Market Street", "Springfield",
                String.valueOf(10000 + r.nextInt(89999)), country);
        Customer customer = new Customer("C-" + (100000 + r.nextInt(899999)), "Alex Example",
                "alex.example@example.org", pick(r, TIERS), home);
        List<LineItem> lines = new ArrayList<>(items);
        for (int i = 0; i < items; i++) {
            int c = r.nextInt(CATEGORIES.length);
            lines.add(new LineItem(String.format("SKU-%06d", r.nextInt(1_000_000)),
                    pick(r, ADJECTIVES) + " " + NOUNS[c] + " " + (1 + r.nextInt(999)) + " ml",
                    CATEGORIES[c], 1 + r.nextInt(12), 99 + r.nextInt(49_900),
                    r.nextInt(4) == 0 ? 5 * (1 + r.nextInt(6)) : 0,
                    Map.of("color", pick(r, COLORS), "size", pick(r, SIZES), "warehouse", "WH-" + r.nextInt(40)),
                    List.of(CATEGORIES[c], r.nextBoolean() ? "in-stock" : "backorder", "promo-" + r.nextInt(20))));
        }
        return new Order("O-" + Long.toHexString(seed), "2026-12-04T10:15:30Z", "EUR", customer, home, lines,
                "Leave the parcel with the neighbour if nobody answers.");
    }

    private static String pick(SplittableRandom r, String[] values) {
        return values[r.nextInt(values.length)];
    }
}
