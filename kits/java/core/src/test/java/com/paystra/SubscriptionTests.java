package com.paystra;

import static com.paystra.CoreTests.assertEquals;
import static com.paystra.CoreTests.assertFalse;
import static com.paystra.CoreTests.assertRefused;
import static com.paystra.CoreTests.assertTrue;
import static com.paystra.CoreTests.check;
import static com.paystra.CoreTests.map;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client's subscription calls against a stand-in gateway that answers the sandbox's own answers
 * to the demo merchant, recorded from a sandbox of the kit tests' kind (a UPI monthly one created,
 * found by its SUBSCRIPTION_REF, refused a charge while not yet registered, cancelled and refused a
 * second cancel; one registered with success@upi, its first month taken at once, and refused a
 * presented charge; an AS_PRESENTED one charged, its notice skipped; one on nofunds@upi halted after
 * four failed attempts, resumed and revoked; each refusal): signed with its salt, byte for byte.
 * SUB_CANCELLED_CARD is the sandbox's answer recorded for the OpenAPI examples: a card mandate
 * cancelled by the merchant with its presented charge's notice open (STOPPED, 385).
 */
final class SubscriptionTests {
    private static final String PAY_ID = StubGateway.PAY_ID;
    private static final String SALT = StubGateway.SALT;
    private static final String SUB_ID = "sub_Q644iJtemFQSif";
    private static final String SUB_ACTIVE_ID = "sub_bWNvj4WRreRgBZ";
    private static final String SUB_PRESENTED_ID = "sub_owlugybuOp9ZbV";
    private static final String SUB_HALTED_ID = "sub_dtsH4fdeGToFzO";

    static final String SUB_CREATED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_Q644iJtemFQSif\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1001\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"49900\","
            + "\"MAX_AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"MONTHLY\",\"START_DATE\":\"2026-12-07\","
            + "\"END_DATE\":\"\",\"DESCRIPTION\":\"Monthly plan: two notebooks\",\"CUST_NAME\":\"Asha Rao\","
            + "\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:4317/sandbox/m/eSKuwdTpGhaD7Zc5\",\"STATUS\":\"CREATED\","
            + "\"CREATED_AT\":\"2026-12-07 21:20:08\",\"ACTIVATED_AT\":\"\",\"ENDED_AT\":\"\",\"ANCHOR_DATE\":\"\","
            + "\"INSTRUMENT\":\"\",\"PAID_CYCLES\":\"0\",\"NEXT_DEBIT_AT\":\"\",\"REGISTRATION_FEE\":\"700\","
            + "\"REGISTRATION_GST\":\"126\",\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\","
            + "\"RESPONSE_MESSAGE\":\"Transaction successful\",\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:08\","
            + "\"HASH\":\"2DF35AA072742A9E8CD8FFE9A13F46CE1C741E054979DD8AD309525CFFCC8BFE\"}";
    static final String SUB_FOUND = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_Q644iJtemFQSif\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1001\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"49900\","
            + "\"MAX_AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"MONTHLY\",\"START_DATE\":\"2026-12-07\","
            + "\"END_DATE\":\"\",\"DESCRIPTION\":\"Monthly plan: two notebooks\",\"CUST_NAME\":\"Asha Rao\","
            + "\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:4317/sandbox/m/eSKuwdTpGhaD7Zc5\",\"STATUS\":\"CREATED\","
            + "\"CREATED_AT\":\"2026-12-07 21:20:08\",\"ACTIVATED_AT\":\"\",\"ENDED_AT\":\"\",\"ANCHOR_DATE\":\"\","
            + "\"INSTRUMENT\":\"\",\"PAID_CYCLES\":\"0\",\"NEXT_DEBIT_AT\":\"\",\"REGISTRATION_FEE\":\"700\","
            + "\"REGISTRATION_GST\":\"126\",\"DEBITS\":\"[]\",\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\","
            + "\"RESPONSE_MESSAGE\":\"Transaction successful\",\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:08\","
            + "\"HASH\":\"534FE8CEE4FBE7ED361722CD4A0706691968033388CF3200A5864771015BD78F\"}";
    static final String SUB_NOT_ACTIVE = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_Q644iJtemFQSif\",\"AMOUNT\":\"49900\","
            + "\"STATUS\":\"Failed\",\"RESPONSE_CODE\":\"385\","
            + "\"RESPONSE_MESSAGE\":\"Subscription not active: cancelled, revoked, halted, completed or failed\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:08\","
            + "\"HASH\":\"63EF4C5EF89DE9DE32C0BEE0D95AEFC5B8E92A64986417FF52D2338FB0948BF4\"}";
    static final String SUB_CANCELLED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_Q644iJtemFQSif\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1001\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"49900\","
            + "\"MAX_AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"MONTHLY\",\"START_DATE\":\"2026-12-07\","
            + "\"END_DATE\":\"\",\"DESCRIPTION\":\"Monthly plan: two notebooks\",\"CUST_NAME\":\"Asha Rao\","
            + "\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:4317/sandbox/m/eSKuwdTpGhaD7Zc5\",\"STATUS\":\"CANCELLED\","
            + "\"CREATED_AT\":\"2026-12-07 21:20:08\",\"ACTIVATED_AT\":\"\",\"ENDED_AT\":\"2026-12-07 21:20:08\","
            + "\"ANCHOR_DATE\":\"\",\"INSTRUMENT\":\"\",\"PAID_CYCLES\":\"0\",\"NEXT_DEBIT_AT\":\"\","
            + "\"REGISTRATION_FEE\":\"700\",\"REGISTRATION_GST\":\"126\",\"CANCELLED_BY\":\"MERCHANT\",\"DEBITS\":\"[]\","
            + "\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:08\","
            + "\"HASH\":\"7C6756C9A4AD99EFC98C0BE6B7410D2614267028FFFC46CEDFF5C80C3344FC26\"}";
    static final String SUB_CANCELLED_CARD = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_Rb69mUXi9Lz5kY\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1002\",\"METHOD\":\"CARD\",\"CATEGORY\":\"\",\"AMOUNT\":\"\","
            + "\"MAX_AMOUNT\":\"2500000\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"AS_PRESENTED\","
            + "\"START_DATE\":\"2026-12-08\",\"END_DATE\":\"2036-12-08\",\"DESCRIPTION\":\"Metered cloud usage\","
            + "\"CUST_NAME\":\"Ravi Kumar\",\"CUST_EMAIL\":\"ravi.kumar@example.com\",\"CUST_PHONE\":\"9876501234\","
            + "\"AUTH_URL\":\"http://localhost:3000/sandbox/m/vGbSn81TIF8wp62N\",\"STATUS\":\"CANCELLED\","
            + "\"CREATED_AT\":\"2026-12-08 21:39:04\",\"ACTIVATED_AT\":\"2026-12-08 21:39:04\","
            + "\"ENDED_AT\":\"2026-12-08 21:39:05\",\"ANCHOR_DATE\":\"2026-12-08\",\"INSTRUMENT\":\"\",\"PAID_CYCLES\":\"0\","
            + "\"NEXT_DEBIT_AT\":\"\",\"REGISTRATION_FEE\":\"600\",\"REGISTRATION_GST\":\"108\",\"CANCELLED_BY\":\"MERCHANT\","
            + "\"DEBITS\":\"[{\\\"DEBIT_ID\\\":\\\"sdeb_7w6GmhbWpVVG5R\\\",\\\"CYCLE\\\":\\\"0\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"1800000\\\",\\\"NOTIFIED_AT\\\":\\\"2026-12-08 21:39:04\\\",\\\"DEBIT_AT\\\":\\\"2026-12-10 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"Y\\\",\\\"APPROVED\\\":\\\"Y\\\",\\\"STATUS\\\":\\\"STOPPED\\\",\\\"RESPONSE_CODE\\\":\\\"385\\\",\\\"ORDER_ID\\\":\\\"\\\",\\\"TXN_ID\\\":\\\"\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"}]\","
            + "\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-08 21:39:05\","
            + "\"HASH\":\"D34F24B497DE58EB60BA086E4C8C7FF2A6306482149A7ABD830E592E6E68349A\"}";
    static final String SUB_CANCEL_REFUSED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_Q644iJtemFQSif\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"385\","
            + "\"RESPONSE_MESSAGE\":\"Subscription not active: cancelled, revoked, halted, completed or failed\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:08\","
            + "\"HASH\":\"778EF0D45D5DFAC336A762E2141A7F8B5FADF369A81811C342EC0E4D59F8C4F2\"}";
    static final String SUB_UNKNOWN = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_00000000000000\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"387\",\"RESPONSE_MESSAGE\":\"No subscription found\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:08\","
            + "\"HASH\":\"8B35F69496ABC18E46AC583ABA1D012946440702FAAE011F716D5B40120BD22E\"}";
    static final String SUB_BAD_DATE = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_REF\":\"PLAN-1002\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"388\","
            + "\"RESPONSE_MESSAGE\":\"Invalid start or end date: a date from the account's today, within 366 days; end after it, within 10 years\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:08\","
            + "\"HASH\":\"1D80ABC6FBA5870E7A142901CAE8A6258340D10A3927607838B7D9582684E216\"}";
    static final String SUB_DUPLICATE = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_REF\":\"PLAN-1001\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"374\",\"RESPONSE_MESSAGE\":\"Duplicate reference id\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:08\","
            + "\"HASH\":\"642F4328FF104C29517D319FF92F8CBABDD98BB1DA3BA855A3B22E7A32AB9F5D\"}";
    static final String SUB_ACTIVE = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_bWNvj4WRreRgBZ\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1004\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"49900\","
            + "\"MAX_AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"MONTHLY\",\"START_DATE\":\"2026-12-07\","
            + "\"END_DATE\":\"2036-12-07\",\"DESCRIPTION\":\"Monthly plan: two notebooks\",\"CUST_NAME\":\"Asha Rao\","
            + "\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:4317/sandbox/m/ynjRJFbpNG6N1LUY\",\"STATUS\":\"ACTIVE\","
            + "\"CREATED_AT\":\"2026-12-07 21:20:08\",\"ACTIVATED_AT\":\"2026-12-07 21:20:08\",\"ENDED_AT\":\"\","
            + "\"ANCHOR_DATE\":\"2026-12-07\",\"INSTRUMENT\":\"success@upi\",\"PAID_CYCLES\":\"1\",\"NEXT_DEBIT_AT\":\"\","
            + "\"REGISTRATION_FEE\":\"700\",\"REGISTRATION_GST\":\"126\","
            + "\"DEBITS\":\"[{\\\"DEBIT_ID\\\":\\\"sdeb_MTpoIviafyfbqE\\\",\\\"CYCLE\\\":\\\"0\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2026-12-07 21:20:08\\\",\\\"DEBIT_AT\\\":\\\"2026-12-07 21:20:08\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"CHARGED\\\",\\\"RESPONSE_CODE\\\":\\\"000\\\",\\\"ORDER_ID\\\":\\\"sub_bWNvj4WRreRgBZ-0-1\\\",\\\"TXN_ID\\\":\\\"3202422748070787\\\",\\\"FEE\\\":\\\"700\\\",\\\"GST\\\":\\\"126\\\"}]\","
            + "\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:09\","
            + "\"HASH\":\"07338503B55E8E900066036EA0F6892B88DA592B51EB08DF3AF33A5D62D9E196\"}";
    static final String SUB_CHARGE_REFUSED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_bWNvj4WRreRgBZ\",\"AMOUNT\":\"49900\","
            + "\"STATUS\":\"Failed\",\"RESPONSE_CODE\":\"326\",\"RESPONSE_MESSAGE\":\"Invalid request\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:09\","
            + "\"HASH\":\"9A9FAD5DC4DBC953FE2A10F633B6A0F03BC01A5A243C0CC42C09530387768162\"}";
    static final String SUB_CHARGED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_owlugybuOp9ZbV\","
            + "\"SUBSCRIPTION_REF\":\"BILL-2002\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"\","
            + "\"MAX_AMOUNT\":\"500000\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"AS_PRESENTED\","
            + "\"START_DATE\":\"2026-12-07\",\"END_DATE\":\"2036-12-07\",\"DESCRIPTION\":\"Electricity bill\","
            + "\"CUST_NAME\":\"Asha Rao\",\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:4317/sandbox/m/S5MPQ7Df2vMoYThm\",\"STATUS\":\"ACTIVE\","
            + "\"CREATED_AT\":\"2026-12-07 21:20:09\",\"ACTIVATED_AT\":\"2026-12-07 21:20:09\",\"ENDED_AT\":\"\","
            + "\"ANCHOR_DATE\":\"2026-12-07\",\"INSTRUMENT\":\"success@upi\",\"PAID_CYCLES\":\"0\","
            + "\"NEXT_DEBIT_AT\":\"2026-12-09 07:00:00\",\"REGISTRATION_FEE\":\"700\",\"REGISTRATION_GST\":\"126\","
            + "\"DEBITS\":\"[{\\\"DEBIT_ID\\\":\\\"sdeb_E7vHGbCAJ7JRKR\\\",\\\"CYCLE\\\":\\\"0\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"123400\\\",\\\"NOTIFIED_AT\\\":\\\"2026-12-07 21:20:09\\\",\\\"DEBIT_AT\\\":\\\"2026-12-09 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"NOTIFIED\\\",\\\"RESPONSE_CODE\\\":\\\"\\\",\\\"ORDER_ID\\\":\\\"\\\",\\\"TXN_ID\\\":\\\"\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"}]\","
            + "\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:09\","
            + "\"HASH\":\"07C117E84771C70E7261E394B6838560B2632823AA60CE95794F523BEA99AE86\"}";
    static final String SUB_CHARGE_OPEN = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_owlugybuOp9ZbV\",\"AMOUNT\":\"100\","
            + "\"STATUS\":\"Failed\",\"RESPONSE_CODE\":\"386\","
            + "\"RESPONSE_MESSAGE\":\"This cycle is already paid, or a presented charge is still open\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:09\","
            + "\"HASH\":\"9E8F90203659A790E592F2D2E2FDDB599BAE426A74B568E443F3A3587CBBAC25\"}";
    static final String SUB_CHARGE_ABOVE = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_owlugybuOp9ZbV\",\"AMOUNT\":\"500001\","
            + "\"STATUS\":\"Failed\",\"RESPONSE_CODE\":\"380\","
            + "\"RESPONSE_MESSAGE\":\"Amount above the mandate's maximum, or above the method's largest debit\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:09\","
            + "\"HASH\":\"F5776FF41C3D66C648CF7EF6A63E043CBFDA67B0C974400F04AB95659ADD0D29\"}";
    static final String SUB_SKIPPED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_owlugybuOp9ZbV\","
            + "\"SUBSCRIPTION_REF\":\"BILL-2002\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"\","
            + "\"MAX_AMOUNT\":\"500000\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"AS_PRESENTED\","
            + "\"START_DATE\":\"2026-12-07\",\"END_DATE\":\"2036-12-07\",\"DESCRIPTION\":\"Electricity bill\","
            + "\"CUST_NAME\":\"Asha Rao\",\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:4317/sandbox/m/S5MPQ7Df2vMoYThm\",\"STATUS\":\"ACTIVE\","
            + "\"CREATED_AT\":\"2026-12-07 21:20:09\",\"ACTIVATED_AT\":\"2026-12-07 21:20:09\",\"ENDED_AT\":\"\","
            + "\"ANCHOR_DATE\":\"2026-12-07\",\"INSTRUMENT\":\"success@upi\",\"PAID_CYCLES\":\"0\",\"NEXT_DEBIT_AT\":\"\","
            + "\"REGISTRATION_FEE\":\"700\",\"REGISTRATION_GST\":\"126\","
            + "\"DEBITS\":\"[{\\\"DEBIT_ID\\\":\\\"sdeb_E7vHGbCAJ7JRKR\\\",\\\"CYCLE\\\":\\\"0\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"123400\\\",\\\"NOTIFIED_AT\\\":\\\"2026-12-07 21:20:09\\\",\\\"DEBIT_AT\\\":\\\"2026-12-09 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"SKIPPED\\\",\\\"RESPONSE_CODE\\\":\\\"382\\\",\\\"ORDER_ID\\\":\\\"\\\",\\\"TXN_ID\\\":\\\"\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"}]\","
            + "\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:09\","
            + "\"HASH\":\"245A83CFB34B904F9B754BA0D7FD48DAD0F14C3D6930A9BEE7FE095A3ED32AA1\"}";
    static final String SUB_ACTION_REFUSED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_owlugybuOp9ZbV\",\"ACTION\":\"APPROVE\","
            + "\"STATUS\":\"Failed\",\"RESPONSE_CODE\":\"326\",\"RESPONSE_MESSAGE\":\"Invalid request\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:09\","
            + "\"HASH\":\"0F5957AE63868F71C4AEF4033AB33780C6C2786A23A7DBD7EF5AC145D3E98D62\"}";
    static final String SUB_HALTED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_dtsH4fdeGToFzO\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1003\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"49900\","
            + "\"MAX_AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"MONTHLY\",\"START_DATE\":\"2026-12-07\","
            + "\"END_DATE\":\"2036-12-07\",\"DESCRIPTION\":\"Monthly plan: a magazine\",\"CUST_NAME\":\"Asha Rao\","
            + "\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:4317/sandbox/m/EzmwF585j8VQ2R2W\",\"STATUS\":\"HALTED\","
            + "\"CREATED_AT\":\"2026-12-07 21:20:09\",\"ACTIVATED_AT\":\"2026-12-07 21:20:10\",\"ENDED_AT\":\"\","
            + "\"ANCHOR_DATE\":\"2026-12-07\",\"INSTRUMENT\":\"nofunds@upi\",\"PAID_CYCLES\":\"1\",\"NEXT_DEBIT_AT\":\"\","
            + "\"REGISTRATION_FEE\":\"700\",\"REGISTRATION_GST\":\"126\","
            + "\"DEBITS\":\"[{\\\"DEBIT_ID\\\":\\\"sdeb_IJcfbrp0wuYE8Y\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"4\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-09 07:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-10 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-4\\\",\\\"TXN_ID\\\":\\\"6888747385863917\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_BIHrtOS7ZHXxcI\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"3\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-08 07:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-09 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-3\\\",\\\"TXN_ID\\\":\\\"2359295973230992\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_VB7TVXzg2C3JXO\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"2\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-07 07:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-08 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-2\\\",\\\"TXN_ID\\\":\\\"3096155674643924\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_f6eJCP27sk1JSz\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-05 19:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-07 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-1\\\",\\\"TXN_ID\\\":\\\"6513236517522822\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_CMwDv9ula8hbMk\\\",\\\"CYCLE\\\":\\\"0\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2026-12-07 21:20:10\\\",\\\"DEBIT_AT\\\":\\\"2026-12-07 21:20:10\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"CHARGED\\\",\\\"RESPONSE_CODE\\\":\\\"000\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-0-1\\\",\\\"TXN_ID\\\":\\\"9735420370561121\\\",\\\"FEE\\\":\\\"700\\\",\\\"GST\\\":\\\"126\\\"}]\","
            + "\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2027-01-16 21:20:12\","
            + "\"HASH\":\"9056B8D76C49D8664A1FBA9CA5E70933A85103155093B9E08B3523C8AE7F70E6\"}";
    static final String SUB_RESUME_REFUSED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_Q644iJtemFQSif\",\"STATUS\":\"Failed\","
            + "\"RESPONSE_CODE\":\"385\","
            + "\"RESPONSE_MESSAGE\":\"Subscription not active: cancelled, revoked, halted, completed or failed\","
            + "\"RESPONSE_DATE_TIME\":\"2026-12-07 21:20:08\","
            + "\"HASH\":\"778EF0D45D5DFAC336A762E2141A7F8B5FADF369A81811C342EC0E4D59F8C4F2\"}";
    static final String SUB_RESUMED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_dtsH4fdeGToFzO\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1003\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"49900\","
            + "\"MAX_AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"MONTHLY\",\"START_DATE\":\"2026-12-07\","
            + "\"END_DATE\":\"2036-12-07\",\"DESCRIPTION\":\"Monthly plan: a magazine\",\"CUST_NAME\":\"Asha Rao\","
            + "\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:4317/sandbox/m/EzmwF585j8VQ2R2W\",\"STATUS\":\"ACTIVE\","
            + "\"CREATED_AT\":\"2026-12-07 21:20:09\",\"ACTIVATED_AT\":\"2026-12-07 21:20:10\",\"ENDED_AT\":\"\","
            + "\"ANCHOR_DATE\":\"2026-12-07\",\"INSTRUMENT\":\"nofunds@upi\",\"PAID_CYCLES\":\"1\",\"NEXT_DEBIT_AT\":\"\","
            + "\"REGISTRATION_FEE\":\"700\",\"REGISTRATION_GST\":\"126\","
            + "\"DEBITS\":\"[{\\\"DEBIT_ID\\\":\\\"sdeb_IJcfbrp0wuYE8Y\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"4\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-09 07:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-10 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-4\\\",\\\"TXN_ID\\\":\\\"6888747385863917\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_BIHrtOS7ZHXxcI\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"3\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-08 07:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-09 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-3\\\",\\\"TXN_ID\\\":\\\"2359295973230992\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_VB7TVXzg2C3JXO\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"2\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-07 07:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-08 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-2\\\",\\\"TXN_ID\\\":\\\"3096155674643924\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_f6eJCP27sk1JSz\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-05 19:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-07 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-1\\\",\\\"TXN_ID\\\":\\\"6513236517522822\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_CMwDv9ula8hbMk\\\",\\\"CYCLE\\\":\\\"0\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2026-12-07 21:20:10\\\",\\\"DEBIT_AT\\\":\\\"2026-12-07 21:20:10\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"CHARGED\\\",\\\"RESPONSE_CODE\\\":\\\"000\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-0-1\\\",\\\"TXN_ID\\\":\\\"9735420370561121\\\",\\\"FEE\\\":\\\"700\\\",\\\"GST\\\":\\\"126\\\"}]\","
            + "\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2027-01-16 21:20:12\","
            + "\"HASH\":\"231236F8869F2960F88414D6F7E47B3DC874ADCF519062D507B7BD806B4C6100\"}";
    static final String SUB_REVOKED = "{\"PAY_ID\":\"1000000000000001\",\"SUBSCRIPTION_ID\":\"sub_dtsH4fdeGToFzO\","
            + "\"SUBSCRIPTION_REF\":\"PLAN-1003\",\"METHOD\":\"UPI\",\"CATEGORY\":\"\",\"AMOUNT\":\"49900\","
            + "\"MAX_AMOUNT\":\"49900\",\"CURRENCY_CODE\":\"356\",\"FREQUENCY\":\"MONTHLY\",\"START_DATE\":\"2026-12-07\","
            + "\"END_DATE\":\"2036-12-07\",\"DESCRIPTION\":\"Monthly plan: a magazine\",\"CUST_NAME\":\"Asha Rao\","
            + "\"CUST_EMAIL\":\"asha.rao@example.com\",\"CUST_PHONE\":\"9876543210\","
            + "\"AUTH_URL\":\"http://127.0.0.1:4317/sandbox/m/EzmwF585j8VQ2R2W\",\"STATUS\":\"CANCELLED\","
            + "\"CREATED_AT\":\"2026-12-07 21:20:09\",\"ACTIVATED_AT\":\"2026-12-07 21:20:10\","
            + "\"ENDED_AT\":\"2027-01-16 21:20:12\",\"ANCHOR_DATE\":\"2026-12-07\",\"INSTRUMENT\":\"\","
            + "\"PAID_CYCLES\":\"1\",\"NEXT_DEBIT_AT\":\"\",\"REGISTRATION_FEE\":\"700\",\"REGISTRATION_GST\":\"126\","
            + "\"CANCELLED_BY\":\"CUSTOMER\","
            + "\"DEBITS\":\"[{\\\"DEBIT_ID\\\":\\\"sdeb_IJcfbrp0wuYE8Y\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"4\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-09 07:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-10 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-4\\\",\\\"TXN_ID\\\":\\\"6888747385863917\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_BIHrtOS7ZHXxcI\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"3\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-08 07:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-09 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-3\\\",\\\"TXN_ID\\\":\\\"2359295973230992\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_VB7TVXzg2C3JXO\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"2\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-07 07:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-08 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-2\\\",\\\"TXN_ID\\\":\\\"3096155674643924\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_f6eJCP27sk1JSz\\\",\\\"CYCLE\\\":\\\"1\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2027-01-05 19:00:00\\\",\\\"DEBIT_AT\\\":\\\"2027-01-07 07:00:00\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"FAILED\\\",\\\"RESPONSE_CODE\\\":\\\"020\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-1-1\\\",\\\"TXN_ID\\\":\\\"6513236517522822\\\",\\\"FEE\\\":\\\"\\\",\\\"GST\\\":\\\"\\\"},{\\\"DEBIT_ID\\\":\\\"sdeb_CMwDv9ula8hbMk\\\",\\\"CYCLE\\\":\\\"0\\\",\\\"ATTEMPT\\\":\\\"1\\\",\\\"AMOUNT\\\":\\\"49900\\\",\\\"NOTIFIED_AT\\\":\\\"2026-12-07 21:20:10\\\",\\\"DEBIT_AT\\\":\\\"2026-12-07 21:20:10\\\",\\\"APPROVAL_REQUIRED\\\":\\\"N\\\",\\\"APPROVED\\\":\\\"N\\\",\\\"STATUS\\\":\\\"CHARGED\\\",\\\"RESPONSE_CODE\\\":\\\"000\\\",\\\"ORDER_ID\\\":\\\"sub_dtsH4fdeGToFzO-0-1\\\",\\\"TXN_ID\\\":\\\"9735420370561121\\\",\\\"FEE\\\":\\\"700\\\",\\\"GST\\\":\\\"126\\\"}]\","
            + "\"TXNTYPE\":\"SUBSCRIPTION\",\"RESPONSE_CODE\":\"000\",\"RESPONSE_MESSAGE\":\"Transaction successful\","
            + "\"RESPONSE_DATE_TIME\":\"2027-01-16 21:20:12\","
            + "\"HASH\":\"B06E6B36411D8FF63500D247826DDCCD1A05547728C69BF544360DA3CA0A9DE1\"}";

    private SubscriptionTests() {}

    /** A UPI monthly subscription's request, as a merchant's code would give it, with some fields replaced. */
    static Map<String, String> monthly(String... replaced) {
        Map<String, String> request = map("SUBSCRIPTION_REF", "PLAN-1001", "METHOD", "UPI", "FREQUENCY", "MONTHLY",
                "AMOUNT", "49900", "MAX_AMOUNT", "49900", "START_DATE", "2026-12-07",
                "DESCRIPTION", "Monthly plan: two notebooks", "CUST_NAME", "Asha Rao",
                "CUST_EMAIL", "asha.rao@example.com", "CUST_PHONE", "9876543210",
                "RETURN_URL", "http://localhost:8000/subscribed");
        request.putAll(map(replaced));
        return request;
    }

    static void run() throws Exception {
        try (StubGateway gateway = new StubGateway()) {
            Client client = gateway.client();

            check("Client.createSubscription posts the subscription's fields, signed and trimmed, and returns the verified subscription", () -> {
                gateway.answer("/pgws/subscription", r -> SUB_CREATED);
                Map<String, String> subscription = client.createSubscription(monthly(
                        "DESCRIPTION", " Monthly plan: two notebooks ", "CATEGORY", "",
                        "NOTIFY_URL", "http://localhost:8000/webhook"));
                assertEquals(Json.parseFlat(SUB_CREATED), subscription, "the verified subscription");
                assertEquals(List.of(SUB_ID, "CREATED", "UPI", "MONTHLY", "", "", "700", "126"),
                        List.of(subscription.get("SUBSCRIPTION_ID"), subscription.get("STATUS"), subscription.get("METHOD"),
                                subscription.get("FREQUENCY"), subscription.get("INSTRUMENT"), subscription.get("END_DATE"),
                                subscription.get("REGISTRATION_FEE"), subscription.get("REGISTRATION_GST")), "it");
                assertTrue(subscription.get("AUTH_URL").contains("/sandbox/m/"), "the mandate page");
                Map<String, String> expected = monthly("NOTIFY_URL", "http://localhost:8000/webhook");
                expected.put("PAY_ID", PAY_ID);
                assertEquals(expected, gateway.last().signedFields(), "request");
                assertEquals("/pgws/subscription", gateway.last().path(), "path");
                client.createSubscription(monthly("SUBSCRIPTION_REF", "BILL-2002", "METHOD", "EMANDATE",
                        "FREQUENCY", "AS_PRESENTED", "AMOUNT", "", "MAX_AMOUNT", "1000000000", "START_DATE", "2027-01-31",
                        "END_DATE", "2030-02-28", "CATEGORY", "INSURANCE", "DESCRIPTION", "Premium"));
                Map<String, String> presented = monthly("SUBSCRIPTION_REF", "BILL-2002", "METHOD", "EMANDATE",
                        "FREQUENCY", "AS_PRESENTED", "MAX_AMOUNT", "1000000000", "START_DATE", "2027-01-31",
                        "END_DATE", "2030-02-28", "CATEGORY", "INSURANCE", "DESCRIPTION", "Premium");
                presented.remove("AMOUNT");
                presented.put("PAY_ID", PAY_ID);
                assertEquals(presented, gateway.last().signedFields(), "an AS_PRESENTED one, without AMOUNT");
            });
            check("Client.subscriptionStatus by SUBSCRIPTION_ID or SUBSCRIPTION_REF, cancel and resume, each to its path, each with DEBITS parsed", () -> {
                gateway.answer("/pgws/subscription/status", r -> r.containsKey("SUBSCRIPTION_REF") ? SUB_FOUND
                        : SUB_ACTIVE_ID.equals(r.get("SUBSCRIPTION_ID")) ? SUB_ACTIVE : SUB_HALTED);
                gateway.answer("/pgws/subscription/cancel", r -> SUB_CANCELLED);
                gateway.answer("/pgws/subscription/resume", r -> SUB_RESUMED);
                int before = gateway.received().size();
                Client.Subscription found = client.subscriptionStatusByReference(" PLAN-1001 ");
                assertEquals(List.of(), found.debits(), "no debits yet");
                assertEquals(Json.parseFlat(SUB_FOUND), found.fields(), "fields");
                assertEquals("", found.get("NEXT_DEBIT_AT"), "no notice");
                // Registered with success@upi: the first month was taken with the registration, a payment of its own.
                Client.Subscription active = client.subscriptionStatus(SUB_ACTIVE_ID);
                assertEquals(debits(SUB_ACTIVE), active.debits(), "its debits");
                assertEquals(List.of("ACTIVE", "success@upi", "1", "2026-12-07", "2036-12-07"), List.of(active.get("STATUS"),
                        active.get("INSTRUMENT"), active.get("PAID_CYCLES"), active.get("ANCHOR_DATE"), active.get("END_DATE")),
                        "registered");
                Map<String, String> first = active.debits().get(0);
                assertEquals(List.of("0", "1", "CHARGED", "000", SUB_ACTIVE_ID + "-0-1", "700", "126"), List.of(first.get("CYCLE"),
                        first.get("ATTEMPT"), first.get("STATUS"), first.get("RESPONSE_CODE"), first.get("ORDER_ID"),
                        first.get("FEE"), first.get("GST")), "the first month");
                // On nofunds@upi: the second month's four attempts failed (020) a day apart, newest first, and it halted.
                Client.Subscription halted = client.subscriptionStatus(SUB_HALTED_ID);
                assertEquals("HALTED", halted.get("STATUS"), "halted");
                assertEquals(List.of(List.of("1", "4", "FAILED", "020"), List.of("1", "3", "FAILED", "020"),
                        List.of("1", "2", "FAILED", "020"), List.of("1", "1", "FAILED", "020"), List.of("0", "1", "CHARGED", "000")),
                        halted.debits().stream().map(d -> List.of(d.get("CYCLE"), d.get("ATTEMPT"), d.get("STATUS"),
                                d.get("RESPONSE_CODE"))).toList(), "the attempts");
                // Cancel and resume answer a Subscription too, DEBITS parsed as the status's are.
                Client.Subscription cancelled = client.cancelSubscription(SUB_ID);
                assertEquals(Json.parseFlat(SUB_CANCELLED), cancelled.fields(), "cancelled");
                assertEquals(List.of(), cancelled.debits(), "never debited");
                assertEquals(List.of("CANCELLED", "2026-12-07 21:20:08", "MERCHANT"), List.of(cancelled.get("STATUS"),
                        cancelled.get("ENDED_AT"), cancelled.get("CANCELLED_BY")), "ended");
                Client.Subscription resumed = client.resumeSubscription(SUB_HALTED_ID);
                assertEquals(Json.parseFlat(SUB_RESUMED), resumed.fields(), "resumed");
                assertEquals(debits(SUB_RESUMED), resumed.debits(), "its debits");
                assertEquals(halted.debits(), resumed.debits(), "the failed attempts kept");
                assertEquals("ACTIVE", resumed.get("STATUS"), "active again");
                List<StubGateway.Request> sent = gateway.received().subList(before, before + 5);
                assertEquals(List.of("/pgws/subscription/status", "/pgws/subscription/status", "/pgws/subscription/status",
                        "/pgws/subscription/cancel", "/pgws/subscription/resume"),
                        sent.stream().map(StubGateway.Request::path).toList(), "paths");
                assertEquals(List.of(map("PAY_ID", PAY_ID, "SUBSCRIPTION_REF", "PLAN-1001"),
                        map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", SUB_ACTIVE_ID), map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", SUB_HALTED_ID),
                        map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", SUB_ID), map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", SUB_HALTED_ID)),
                        sent.stream().map(StubGateway.Request::signedFields).toList(), "requests");
            });
            check("Client.cancelSubscription answers the sandbox's recorded cancel of a card mandate, DEBITS parsed: the open notice STOPPED (385)", () -> {
                gateway.answer("/pgws/subscription/cancel", r -> SUB_CANCELLED_CARD);
                Client.Subscription cancelled = client.cancelSubscription("sub_Rb69mUXi9Lz5kY");
                assertEquals(map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", "sub_Rb69mUXi9Lz5kY"), gateway.last().signedFields(),
                        "request");
                assertEquals(Json.parseFlat(SUB_CANCELLED_CARD), cancelled.fields(), "fields");
                assertEquals(debits(SUB_CANCELLED_CARD), cancelled.debits(), "its debits");
                Map<String, String> stopped = cancelled.debits().get(0);
                assertEquals(List.of("0", "1", "1800000", "Y", "Y", "STOPPED", "385", ""), List.of(stopped.get("CYCLE"),
                        stopped.get("ATTEMPT"), stopped.get("AMOUNT"), stopped.get("APPROVAL_REQUIRED"), stopped.get("APPROVED"),
                        stopped.get("STATUS"), stopped.get("RESPONSE_CODE"), stopped.get("ORDER_ID")), "the notice stopped");
                assertEquals(List.of("CANCELLED", "MERCHANT", "", ""), List.of(cancelled.get("STATUS"), cancelled.get("CANCELLED_BY"),
                        cancelled.get("INSTRUMENT"), cancelled.get("NEXT_DEBIT_AT")), "cancelled by the merchant");
            });
            check("Client.presentCharge posts AMOUNT to /charge and actAsCustomer an ACTION to /customer, DEBITS parsed", () -> {
                gateway.answer("/pgws/subscription/charge", r -> SUB_CHARGED);
                gateway.answer("/pgws/subscription/customer", r -> "SKIP".equals(r.get("ACTION")) ? SUB_SKIPPED : SUB_REVOKED);
                Client.Subscription charged = client.presentCharge(SUB_PRESENTED_ID, "123400");
                assertEquals(map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", SUB_PRESENTED_ID, "AMOUNT", "123400"),
                        gateway.last().signedFields(), "request");
                assertEquals("/pgws/subscription/charge", gateway.last().path(), "path");
                assertEquals(debits(SUB_CHARGED), charged.debits(), "the notice");
                Map<String, String> notice = charged.debits().get(0);
                assertEquals(List.of("AS_PRESENTED", "", "123400", "NOTIFIED", "N", "2026-12-09 07:00:00"),
                        List.of(charged.get("FREQUENCY"), charged.get("AMOUNT"), notice.get("AMOUNT"), notice.get("STATUS"),
                                notice.get("APPROVAL_REQUIRED"), notice.get("DEBIT_AT")), "noticed");
                assertEquals(notice.get("DEBIT_AT"), charged.get("NEXT_DEBIT_AT"), "the next debit");
                Client.Subscription skipped = client.actAsCustomer(SUB_PRESENTED_ID, "SKIP");
                assertEquals(map("PAY_ID", PAY_ID, "SUBSCRIPTION_ID", SUB_PRESENTED_ID, "ACTION", "SKIP"),
                        gateway.last().signedFields(), "the customer's request");
                assertEquals("/pgws/subscription/customer", gateway.last().path(), "its path");
                assertEquals(List.of(notice.get("DEBIT_ID"), "SKIPPED", "382", ""), List.of(skipped.debits().get(0).get("DEBIT_ID"),
                        skipped.debits().get(0).get("STATUS"), skipped.debits().get(0).get("RESPONSE_CODE"),
                        skipped.get("NEXT_DEBIT_AT")), "skipped");
                Client.Subscription revoked = client.actAsCustomer(SUB_HALTED_ID, "REVOKE");
                assertEquals(List.of("CANCELLED", "", "CUSTOMER"), List.of(revoked.get("STATUS"), revoked.get("INSTRUMENT"),
                        revoked.get("CANCELLED_BY")), "revoked");
                assertEquals(debits(SUB_REVOKED), revoked.debits(), "its debits");
            });
            check("Client: a refused create is the verified answer; status, cancel, resume, charge and customer throw RefusedError", () -> {
                gateway.answer("/pgws/subscription", r -> "PLAN-1002".equals(r.get("SUBSCRIPTION_REF")) ? SUB_BAD_DATE : SUB_DUPLICATE);
                gateway.answer("/pgws/subscription/cancel", r -> SUB_CANCEL_REFUSED);
                gateway.answer("/pgws/subscription/resume", r -> SUB_RESUME_REFUSED);
                List<Map<String, String>> returned = List.of(
                        client.createSubscription(monthly("SUBSCRIPTION_REF", "PLAN-1002", "START_DATE", "2020-01-01")),
                        client.createSubscription(monthly()));
                assertEquals(List.of(SUB_BAD_DATE, SUB_DUPLICATE).stream().map(Json::parseFlat).toList(), returned, "returned");
                assertEquals(List.of("388", "374"), returned.stream().map(a -> a.get("RESPONSE_CODE")).toList(), "codes");
                gateway.answer("/pgws/subscription/status", r -> SUB_UNKNOWN);
                gateway.answer("/pgws/subscription/charge", r -> switch (r.get("AMOUNT")) {
                    case "100" -> SUB_CHARGE_OPEN;
                    case "500001" -> SUB_CHARGE_ABOVE;
                    default -> SUB_ID.equals(r.get("SUBSCRIPTION_ID")) ? SUB_NOT_ACTIVE : SUB_CHARGE_REFUSED;
                });
                gateway.answer("/pgws/subscription/customer", r -> SUB_ACTION_REFUSED);
                Map<CoreTests.Body, String> refused = new LinkedHashMap<>();
                refused.put(() -> client.subscriptionStatus("sub_00000000000000"), SUB_UNKNOWN);
                refused.put(() -> client.cancelSubscription(SUB_ID), SUB_CANCEL_REFUSED);
                refused.put(() -> client.resumeSubscription(SUB_ID), SUB_RESUME_REFUSED);
                refused.put(() -> client.presentCharge(SUB_ID, "49900"), SUB_NOT_ACTIVE);
                refused.put(() -> client.presentCharge(SUB_ACTIVE_ID, "49900"), SUB_CHARGE_REFUSED);
                refused.put(() -> client.presentCharge(SUB_PRESENTED_ID, "100"), SUB_CHARGE_OPEN);
                refused.put(() -> client.presentCharge(SUB_PRESENTED_ID, "500001"), SUB_CHARGE_ABOVE);
                refused.put(() -> client.actAsCustomer(SUB_PRESENTED_ID, "APPROVE"), SUB_ACTION_REFUSED);
                List<String> codes = new ArrayList<>();
                for (Map.Entry<CoreTests.Body, String> call : refused.entrySet()) {
                    try {
                        call.getKey().run();
                        throw new AssertionError("a refusal was returned");
                    } catch (RefusedError e) {
                        assertEquals(Json.parseFlat(call.getValue()), e.answer(), "answer");
                        codes.add(e.code());
                    }
                }
                assertEquals(List.of("387", "385", "385", "385", "326", "386", "380", "326"), codes, "codes");
            });
            check("Client: subscription answers are trusted only under their HASH, DEBITS as a list of objects", () -> {
                gateway.answer("/pgws/subscription", r -> SUB_CREATED.replace("\"STATUS\":\"CREATED\"", "\"STATUS\":\"ACTIVE\""));
                assertRefused(() -> client.createSubscription(monthly()), "a changed STATUS");
                gateway.answer("/pgws/subscription/charge", r -> SUB_CHARGED.replace("123400", "923400"));
                assertRefused(() -> client.presentCharge(SUB_PRESENTED_ID, "123400"), "a changed debit");
                gateway.answerSigned("/pgws/subscription/cancel", r -> with(Json.parseFlat(SUB_CANCELLED), "PAY_ID",
                        "1000000000000002"));
                assertRefused(() -> client.cancelSubscription(SUB_ID), "another merchant");
                Map<String, String> unsigned = Json.parseFlat(SUB_SKIPPED);
                unsigned.remove("HASH");
                for (String text : new String[] {"", "nope", "{}", "[1]", "[{\"CYCLE\":1}]"}) {
                    for (String path : List.of("/pgws/subscription/customer", "/pgws/subscription/cancel", "/pgws/subscription/resume")) {
                        gateway.answerSigned(path, r -> with(unsigned, "DEBITS", text));
                    }
                    List<CoreTests.Body> calls = List.of(() -> client.actAsCustomer(SUB_PRESENTED_ID, "SKIP"),
                            () -> client.cancelSubscription(SUB_PRESENTED_ID), () -> client.resumeSubscription(SUB_PRESENTED_ID));
                    for (CoreTests.Body call : calls) {
                        try {
                            call.run();
                            throw new AssertionError(text + " was taken");
                        } catch (RefusedError e) {
                            throw new AssertionError(text + " was read as a refusal", e);
                        } catch (PaystraException expected) {
                            assertTrue(expected.getMessage().contains("DEBITS"), expected.getMessage());
                        }
                    }
                }
                gateway.answer("/pgws/subscription/status", r -> SUB_CREATED);
                gateway.answer("/pgws/subscription/cancel", r -> SUB_CREATED);
                for (CoreTests.Body call : List.<CoreTests.Body>of(() -> client.subscriptionStatus(SUB_ID),
                        () -> client.cancelSubscription(SUB_ID))) {
                    try {
                        call.run();
                        throw new AssertionError("an answer without DEBITS was taken");
                    } catch (PaystraException expected) {
                        assertTrue(expected.getMessage().contains("DEBITS"), expected.getMessage());
                    }
                }
            });
            check("Client: METHOD, FREQUENCY, the amounts, the dates, CATEGORY, DESCRIPTION, ACTION, the ids and ~ are checked before anything is sent", () -> {
                int before = gateway.received().size();
                Map<String, CoreTests.Body> refused = new LinkedHashMap<>();
                refused.put("METHOD", () -> client.createSubscription(monthly("METHOD", "NACH")));
                refused.put("METHOD ", () -> client.createSubscription(monthly("METHOD", "upi")));
                refused.put("METHOD  ", () -> client.createSubscription(monthly("METHOD", "")));
                refused.put("FREQUENCY", () -> client.createSubscription(monthly("FREQUENCY", "DAILY")));
                refused.put("FREQUENCY ", () -> client.createSubscription(monthly("FREQUENCY", null)));
                refused.put("MAX_AMOUNT", () -> client.createSubscription(monthly("MAX_AMOUNT", "")));
                refused.put("MAX_AMOUNT ", () -> client.createSubscription(monthly("MAX_AMOUNT", "499.00")));
                refused.put("MAX_AMOUNT  ", () -> client.createSubscription(monthly("MAX_AMOUNT", "10000001", "AMOUNT", "100")));
                refused.put("MAX_AMOUNT   ", () -> client.createSubscription(monthly("METHOD", "CARD", "MAX_AMOUNT", "10000001",
                        "AMOUNT", "100")));
                refused.put("AMOUNT", () -> client.createSubscription(monthly("AMOUNT", "")));
                refused.put("AMOUNT ", () -> client.createSubscription(monthly("AMOUNT", "0")));
                refused.put("AMOUNT  ", () -> client.createSubscription(monthly("AMOUNT", "049900")));
                refused.put("AMOUNT   ", () -> client.createSubscription(monthly("AMOUNT", "-100")));
                refused.put("at most MAX_AMOUNT", () -> client.createSubscription(monthly("AMOUNT", "49901")));
                refused.put("AS_PRESENTED", () -> client.createSubscription(monthly("FREQUENCY", "AS_PRESENTED")));
                refused.put("START_DATE", () -> client.createSubscription(monthly("START_DATE", "")));
                refused.put("START_DATE ", () -> client.createSubscription(monthly("START_DATE", "2027-02-30")));
                refused.put("START_DATE  ", () -> client.createSubscription(monthly("START_DATE", "07-12-2026")));
                refused.put("START_DATE   ", () -> client.createSubscription(monthly("START_DATE", "2026-12-07T00:00:00+05:30")));
                refused.put("END_DATE", () -> client.createSubscription(monthly("END_DATE", "2027-13-01")));
                refused.put("after START_DATE", () -> client.createSubscription(monthly("END_DATE", "2026-12-07")));
                refused.put("CATEGORY", () -> client.createSubscription(monthly("CATEGORY", "GYM")));
                refused.put("DESCRIPTION", () -> client.createSubscription(monthly("DESCRIPTION", " ")));
                refused.put("DESCRIPTION ", () -> client.createSubscription(monthly("DESCRIPTION", "x".repeat(256))));
                refused.put("DESCRIPTION  ", () -> client.createSubscription(monthly("DESCRIPTION", "Plan\nA")));
                refused.put("DESCRIPTION   ", () -> client.createSubscription(monthly("DESCRIPTION", "Plan ~ A")));
                refused.put("CUST_NAME", () -> client.createSubscription(monthly("CUST_NAME", "A~B")));
                refused.put("SUBSCRIPTION_REF", () -> client.createSubscription(monthly("SUBSCRIPTION_REF", "PLAN#1")));
                refused.put("SUBSCRIPTION_REF ", () -> client.createSubscription(monthly("SUBSCRIPTION_REF", "")));
                refused.put("SUBSCRIPTION_ID", () -> client.subscriptionStatus("sub_short"));
                refused.put("SUBSCRIPTION_ID ", () -> client.subscriptionStatus(null));
                refused.put("SUBSCRIPTION_REF  ", () -> client.subscriptionStatusByReference("PLAN 1001"));
                refused.put("SUBSCRIPTION_REF   ", () -> client.subscriptionStatusByReference(" "));
                refused.put("SUBSCRIPTION_ID  ", () -> client.cancelSubscription("PLAN-1001"));
                refused.put("SUBSCRIPTION_ID   ", () -> client.resumeSubscription(""));
                refused.put("AMOUNT    ", () -> client.presentCharge(SUB_PRESENTED_ID, "12.34"));
                refused.put("SUBSCRIPTION_ID    ", () -> client.presentCharge("sub_7PdL2sNe9QwX4k!", "100"));
                refused.put("ACTION", () -> client.actAsCustomer(SUB_PRESENTED_ID, "CANCEL"));
                refused.put("ACTION ", () -> client.actAsCustomer(SUB_PRESENTED_ID, "skip"));
                refused.put("SUBSCRIPTION_ID     ", () -> client.actAsCustomer("", "SKIP"));
                for (Map.Entry<String, CoreTests.Body> call : refused.entrySet()) {
                    try {
                        call.getValue().run();
                        throw new AssertionError("a bad call was sent: " + call.getKey());
                    } catch (IllegalArgumentException expected) {
                        assertTrue(expected.getMessage().contains(call.getKey().strip()),
                                call.getKey().strip() + ": " + expected.getMessage());
                    }
                }
                assertEquals(before, gateway.received().size(), "nothing sent");
            });
        }
    }

    /** The DEBITS of a recorded answer, as the client parses them. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, String>> debits(String answer) {
        return ((List<Object>) Json.parse(Json.parseFlat(answer).get("DEBITS"))).stream()
                .map(item -> CoreTests.strings((Map<String, Object>) item)).toList();
    }

    /** The fields with one set (in place, when it is there). */
    private static Map<String, String> with(Map<String, String> fields, String key, String value) {
        Map<String, String> copy = new LinkedHashMap<>(fields);
        copy.put(key, value);
        return copy;
    }
}
