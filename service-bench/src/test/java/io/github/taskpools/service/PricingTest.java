package io.github.taskpools.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.taskpools.service.Orders.Address;
import io.github.taskpools.service.Orders.CategoryTotal;
import io.github.taskpools.service.Orders.Customer;
import io.github.taskpools.service.Orders.LineItem;
import io.github.taskpools.service.Orders.Order;
import io.github.taskpools.service.Orders.Summary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PricingTest {
    private static LineItem item(String sku, String category, int quantity, long price, int discount) {
        return new LineItem(sku, sku + " name", category, quantity, price, discount, Map.of(), List.of());
    }

    @Test
    void pricesAnOrderByHand() {
        Address de = new Address("A", "1 Street", "City", "12345", "DE");
        Order order = new Order("O-1", "2026-01-01T00:00:00Z", "EUR", new Customer("C-1", "A", "a@b", "gold", de), de,
                List.of(item("SKU-A", "books", 2, 1_000, 0),      // 2000
                        item("SKU-B", "toys", 1, 5_000, 10),      // 5000 - 500
                        item("SKU-C", "books", 3, 333, 0)),       // 999
                "");
        Summary s = Pricing.summarize(order);
        assertEquals(3, s.items());
        assertEquals(6, s.quantity());
        assertEquals(7_999, s.subtotalCents());
        // line discounts 500; gold 5% of 7499 = 374 (rounded down)
        assertEquals(874, s.discountCents());
        // DE 19% of 7125 = 1353 (rounded down)
        assertEquals(1_353, s.taxCents());
        assertEquals(7_999 - 874 + 1_353, s.totalCents());
        assertEquals(List.of(new CategoryTotal("books", 5, 2_999), new CategoryTotal("toys", 1, 4_500)), s.byCategory());
        assertEquals(List.of("SKU-B", "SKU-A", "SKU-C"), s.topSkus());
        assertFalse(s.requiresReview());
    }

    @Test
    void payloadsHaveTheirSizes() throws Exception {
        ObjectMapper json = new ObjectMapper();
        int[][] bounds = {{700, 1_400}, {7_000, 14_000}, {70_000, 140_000}};
        for (Orders.Size size : Orders.Size.values()) {
            byte[] bytes = json.writeValueAsBytes(Orders.generate(42, size.items));
            int[] b = bounds[size.ordinal()];
            assertTrue(bytes.length >= b[0] && bytes.length <= b[1], size + ": " + bytes.length + " bytes");
            assertEquals(json.readValue(bytes, Order.class), Orders.generate(42, size.items), "round trip of " + size);
        }
    }

    @Test
    void sameSeedSameOrder() {
        assertEquals(Orders.generate(7, 20), Orders.generate(7, 20));
        assertThrows(IllegalArgumentException.class, () -> Orders.generate(7, -1));
    }
}
