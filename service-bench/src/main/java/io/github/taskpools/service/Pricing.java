package io.github.taskpools.service;

import io.github.taskpools.service.Orders.CategoryTotal;
import io.github.taskpools.service.Orders.LineItem;
import io.github.taskpools.service.Orders.Order;
import io.github.taskpools.service.Orders.SliceTotal;
import io.github.taskpools.service.Orders.Summary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The endpoints' business rules, the "transform" between parsing and serializing: price each line
 * (quantity times unit price, less its percentage discount), add the customer's tier discount
 * (gold 5%, silver 2% of the net of the lines) and the shipping country's tax, total per category
 * and pick the five lines of the highest net amount. All amounts in cents, rounded down at each
 * step, so every computation gives the same cents.
 */
public final class Pricing {
    private Pricing() {
    }

    /** An order whose total exceeds this (in cents) is flagged for review. */
    public static final long REVIEW_ABOVE_CENTS = 1_000_000;

    /** The summary of a whole order. */
    public static Summary summarize(Order order) {
        List<LineItem> items = order.items();
        Map<String, long[]> byCategory = new TreeMap<>();
        long subtotal = 0;
        long lineDiscounts = 0;
        int quantity = 0;
        for (LineItem item : items) {
            long gross = gross(item);
            long off = lineDiscount(item);
            subtotal += gross;
            lineDiscounts += off;
            quantity += item.quantity();
            long[] c = byCategory.computeIfAbsent(item.category(), k -> new long[2]);
            c[0] += item.quantity();
            c[1] += gross - off;
        }
        List<CategoryTotal> categories = new ArrayList<>(byCategory.size());
        byCategory.forEach((k, v) -> categories.add(new CategoryTotal(k, (int) v[0], v[1])));
        List<String> top = items.stream()
                .sorted(Comparator.comparingLong((LineItem i) -> gross(i) - lineDiscount(i)).reversed()
                        .thenComparing(LineItem::sku))
                .limit(5)
                .map(LineItem::sku)
                .toList();
        long discount = lineDiscounts + tierDiscount(order, subtotal - lineDiscounts);
        long tax = tax(order, subtotal - discount);
        long total = subtotal - discount + tax;
        return new Summary(order.id(), order.customer().id(), items.size(), quantity, subtotal, discount, tax, total,
                categories, top, total > REVIEW_ABOVE_CENTS);
    }

    /** The totals of one slice of the items; {@code checksum} is the caller's (see {@link Endpoints}). */
    public static SliceTotal slice(int index, List<LineItem> items, long checksum) {
        long subtotal = 0;
        long off = 0;
        int quantity = 0;
        for (LineItem item : items) {
            subtotal += gross(item);
            off += lineDiscount(item);
            quantity += item.quantity();
        }
        return new SliceTotal(index, items.size(), quantity, subtotal, off, checksum);
    }

    /** The tier discount on the lines' net amount. */
    public static long tierDiscount(Order order, long net) {
        String tier = order.customer().tier();
        int percent = "gold".equals(tier) ? 5 : "silver".equals(tier) ? 2 : 0;
        return net * percent / 100;
    }

    /** The tax on the discounted amount, by shipping country (per mille). */
    public static long tax(Order order, long taxable) {
        int permille = switch (order.shipping().country()) {
            case "DE" -> 190;
            case "FR", "GB" -> 200;
            case "NL" -> 210;
            case "SE" -> 250;
            default -> 0;
        };
        return taxable * permille / 1000;
    }

    private static long gross(LineItem item) {
        return item.quantity() * item.unitPriceCents();
    }

    private static long lineDiscount(LineItem item) {
        return gross(item) * item.discountPercent() / 100;
    }
}
