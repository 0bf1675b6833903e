package com.paystra.examples.web;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The examples' input checks, so a customer's typo is answered by the app (400 with a
 * message) before anything reaches the gateway.
 */
public final class Checks {
    private Checks() {}

    /** A positive whole number of paise with no leading zero, at most 10 digits (as the gateway takes). */
    public static String amount(String value) {
        if (!value.matches("[1-9][0-9]{0,9}")) {
            throw new BadRequest("AMOUNT must be a whole number of paise, the rupee's minor unit "
                    + "(100 paise = \u20B91.00), from 1 to 9999999999; got \"" + value + "\"");
        }
        return value;
    }

    /** 1 to 50 letters, digits and : / @ _ - (the gateway's order id rule). */
    public static String orderId(String name, String value) {
        if (!value.matches("[A-Za-z0-9:/@_-]{1,50}")) {
            throw new BadRequest(name + " must be 1 to 50 letters, digits or : / @ _ -; got \"" + value + "\"");
        }
        return value;
    }

    /** The value when it is one of the allowed ones. */
    public static String oneOf(String name, String value, Set<String> allowed) {
        if (!allowed.contains(value)) {
            throw new BadRequest(name + " must be one of " + String.join(", ", allowed.stream().sorted().toList())
                    + "; got \"" + value + "\"");
        }
        return value;
    }

    /**
     * CUST_NAME, CUST_EMAIL and CUST_MOBILE as posted (each optional), checked: a name of up to
     * 100 characters, an email address, a 10-digit Indian mobile number.
     */
    public static Map<String, String> customer(Request request) {
        Map<String, String> customer = new LinkedHashMap<>();
        String name = request.form("CUST_NAME");
        String email = request.form("CUST_EMAIL");
        String mobile = request.form("CUST_MOBILE");
        if (!name.isEmpty()) {
            if (name.length() > 100 || !name.matches("[\\p{L}\\p{M} .'-]+")) {
                throw new BadRequest("CUST_NAME must be up to 100 letters, spaces, dots, apostrophes or hyphens");
            }
            customer.put("CUST_NAME", name);
        }
        if (!email.isEmpty()) {
            if (email.length() > 100 || !email.matches("[^\\s@]+@[^\\s@]+\\.[^\\s@]+")) {
                throw new BadRequest("CUST_EMAIL must be an email address, like asha.rao@example.com");
            }
            customer.put("CUST_EMAIL", email);
        }
        if (!mobile.isEmpty()) {
            if (!mobile.matches("[6-9][0-9]{9}")) {
                throw new BadRequest("CUST_MOBILE must be a 10-digit Indian mobile number, like 9876543210");
            }
            customer.put("CUST_MOBILE", mobile);
        }
        return customer;
    }
}
