<?php

declare(strict_types=1);

use Paystra\GatewayError;
use Paystra\Hash;
use Paystra\VerificationError;

// Subscriptions against a fake gateway (plClient is PaylinksTest's), answering the sandbox's own
// answers to the demo merchant, recorded from a sandbox of the kit tests' kind (a UPI monthly one
// created, found by its SUBSCRIPTION_REF, refused a charge while not yet registered, cancelled and
// refused a second cancel; one registered with success@upi, its first month taken at once, and
// refused a presented charge; an AS_PRESENTED one charged, its notice skipped; one on nofunds@upi
// halted after four failed attempts, resumed and revoked; and each refusal): signed with its salt,
// byte for byte. SUB_CANCELLED_CARD is the sandbox's answer recorded for the OpenAPI examples: a
// card mandate cancelled by the merchant with its presented charge's notice open (STOPPED, 385).

const SUB_ID = 'sub_Q644iJtemFQSif';
const SUB_ACTIVE_ID = 'sub_bWNvj4WRreRgBZ';
const SUB_PRESENTED_ID = 'sub_owlugybuOp9ZbV';
const SUB_HALTED_ID = 'sub_dtsH4fdeGToFzO';

const SUB_CREATED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif",'
    . '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",'
    . '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",'
    . '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",'
    . '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/eSKuwdTpGhaD7Zc5","STATUS":"CREATED",'
    . '"CREATED_AT":"2026-12-07 21:20:08","ACTIVATED_AT":"","ENDED_AT":"","ANCHOR_DATE":"",'
    . '"INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"","REGISTRATION_FEE":"700",'
    . '"REGISTRATION_GST":"126","TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000",'
    . '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 21:20:08",'
    . '"HASH":"2DF35AA072742A9E8CD8FFE9A13F46CE1C741E054979DD8AD309525CFFCC8BFE"}';
const SUB_FOUND = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif",'
    . '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",'
    . '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",'
    . '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",'
    . '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/eSKuwdTpGhaD7Zc5","STATUS":"CREATED",'
    . '"CREATED_AT":"2026-12-07 21:20:08","ACTIVATED_AT":"","ENDED_AT":"","ANCHOR_DATE":"",'
    . '"INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"","REGISTRATION_FEE":"700",'
    . '"REGISTRATION_GST":"126","DEBITS":"[]","TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000",'
    . '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 21:20:08",'
    . '"HASH":"534FE8CEE4FBE7ED361722CD4A0706691968033388CF3200A5864771015BD78F"}';
const SUB_NOT_ACTIVE = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif","AMOUNT":"49900",'
    . '"STATUS":"Failed","RESPONSE_CODE":"385",'
    . '"RESPONSE_MESSAGE":"Subscription not active: cancelled, revoked, halted, completed or failed",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",'
    . '"HASH":"63EF4C5EF89DE9DE32C0BEE0D95AEFC5B8E92A64986417FF52D2338FB0948BF4"}';
const SUB_CANCELLED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif",'
    . '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",'
    . '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",'
    . '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",'
    . '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/eSKuwdTpGhaD7Zc5","STATUS":"CANCELLED",'
    . '"CREATED_AT":"2026-12-07 21:20:08","ACTIVATED_AT":"","ENDED_AT":"2026-12-07 21:20:08",'
    . '"ANCHOR_DATE":"","INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"",'
    . '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126","CANCELLED_BY":"MERCHANT","DEBITS":"[]",'
    . '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",'
    . '"HASH":"7C6756C9A4AD99EFC98C0BE6B7410D2614267028FFFC46CEDFF5C80C3344FC26"}';
const SUB_CANCELLED_CARD = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Rb69mUXi9Lz5kY",'
    . '"SUBSCRIPTION_REF":"PLAN-1002","METHOD":"CARD","CATEGORY":"","AMOUNT":"",'
    . '"MAX_AMOUNT":"2500000","CURRENCY_CODE":"356","FREQUENCY":"AS_PRESENTED",'
    . '"START_DATE":"2026-12-08","END_DATE":"2036-12-08","DESCRIPTION":"Metered cloud usage",'
    . '"CUST_NAME":"Ravi Kumar","CUST_EMAIL":"ravi.kumar@example.com","CUST_PHONE":"9876501234",'
    . '"AUTH_URL":"http://localhost:3000/sandbox/m/vGbSn81TIF8wp62N","STATUS":"CANCELLED",'
    . '"CREATED_AT":"2026-12-08 21:39:04","ACTIVATED_AT":"2026-12-08 21:39:04",'
    . '"ENDED_AT":"2026-12-08 21:39:05","ANCHOR_DATE":"2026-12-08","INSTRUMENT":"","PAID_CYCLES":"0",'
    . '"NEXT_DEBIT_AT":"","REGISTRATION_FEE":"600","REGISTRATION_GST":"108","CANCELLED_BY":"MERCHANT",'
    . '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_7w6GmhbWpVVG5R\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"1800000\\",\\"NOTIFIED_AT\\":\\"2026-12-08 21:39:04\\",\\"DEBIT_AT\\":\\"2026-12-10 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"Y\\",\\"APPROVED\\":\\"Y\\",\\"STATUS\\":\\"STOPPED\\",\\"RESPONSE_CODE\\":\\"385\\",\\"ORDER_ID\\":\\"\\",\\"TXN_ID\\":\\"\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"}]",'
    . '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-08 21:39:05",'
    . '"HASH":"D34F24B497DE58EB60BA086E4C8C7FF2A6306482149A7ABD830E592E6E68349A"}';
const SUB_CANCEL_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif","STATUS":"Failed",'
    . '"RESPONSE_CODE":"385",'
    . '"RESPONSE_MESSAGE":"Subscription not active: cancelled, revoked, halted, completed or failed",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",'
    . '"HASH":"778EF0D45D5DFAC336A762E2141A7F8B5FADF369A81811C342EC0E4D59F8C4F2"}';
const SUB_UNKNOWN = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_00000000000000","STATUS":"Failed",'
    . '"RESPONSE_CODE":"387","RESPONSE_MESSAGE":"No subscription found",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",'
    . '"HASH":"8B35F69496ABC18E46AC583ABA1D012946440702FAAE011F716D5B40120BD22E"}';
const SUB_BAD_DATE = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_REF":"PLAN-1002","STATUS":"Failed",'
    . '"RESPONSE_CODE":"388",'
    . '"RESPONSE_MESSAGE":"Invalid start or end date: a date from the account\'s today, within 366 days; end after it, within 10 years",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",'
    . '"HASH":"1D80ABC6FBA5870E7A142901CAE8A6258340D10A3927607838B7D9582684E216"}';
const SUB_DUPLICATE = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_REF":"PLAN-1001","STATUS":"Failed",'
    . '"RESPONSE_CODE":"374","RESPONSE_MESSAGE":"Duplicate reference id",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",'
    . '"HASH":"642F4328FF104C29517D319FF92F8CBABDD98BB1DA3BA855A3B22E7A32AB9F5D"}';
const SUB_ACTIVE = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_bWNvj4WRreRgBZ",'
    . '"SUBSCRIPTION_REF":"PLAN-1004","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",'
    . '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",'
    . '"END_DATE":"2036-12-07","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",'
    . '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/ynjRJFbpNG6N1LUY","STATUS":"ACTIVE",'
    . '"CREATED_AT":"2026-12-07 21:20:08","ACTIVATED_AT":"2026-12-07 21:20:08","ENDED_AT":"",'
    . '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"success@upi","PAID_CYCLES":"1","NEXT_DEBIT_AT":"",'
    . '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126",'
    . '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_MTpoIviafyfbqE\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:08\\",\\"DEBIT_AT\\":\\"2026-12-07 21:20:08\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"CHARGED\\",\\"RESPONSE_CODE\\":\\"000\\",\\"ORDER_ID\\":\\"sub_bWNvj4WRreRgBZ-0-1\\",\\"TXN_ID\\":\\"3202422748070787\\",\\"FEE\\":\\"700\\",\\"GST\\":\\"126\\"}]",'
    . '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",'
    . '"HASH":"07338503B55E8E900066036EA0F6892B88DA592B51EB08DF3AF33A5D62D9E196"}';
const SUB_CHARGE_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_bWNvj4WRreRgBZ","AMOUNT":"49900",'
    . '"STATUS":"Failed","RESPONSE_CODE":"326","RESPONSE_MESSAGE":"Invalid request",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",'
    . '"HASH":"9A9FAD5DC4DBC953FE2A10F633B6A0F03BC01A5A243C0CC42C09530387768162"}';
const SUB_CHARGED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_owlugybuOp9ZbV",'
    . '"SUBSCRIPTION_REF":"BILL-2002","METHOD":"UPI","CATEGORY":"","AMOUNT":"",'
    . '"MAX_AMOUNT":"500000","CURRENCY_CODE":"356","FREQUENCY":"AS_PRESENTED",'
    . '"START_DATE":"2026-12-07","END_DATE":"2036-12-07","DESCRIPTION":"Electricity bill",'
    . '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/S5MPQ7Df2vMoYThm","STATUS":"ACTIVE",'
    . '"CREATED_AT":"2026-12-07 21:20:09","ACTIVATED_AT":"2026-12-07 21:20:09","ENDED_AT":"",'
    . '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"success@upi","PAID_CYCLES":"0",'
    . '"NEXT_DEBIT_AT":"2026-12-09 07:00:00","REGISTRATION_FEE":"700","REGISTRATION_GST":"126",'
    . '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_E7vHGbCAJ7JRKR\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"123400\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:09\\",\\"DEBIT_AT\\":\\"2026-12-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"NOTIFIED\\",\\"RESPONSE_CODE\\":\\"\\",\\"ORDER_ID\\":\\"\\",\\"TXN_ID\\":\\"\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"}]",'
    . '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",'
    . '"HASH":"07C117E84771C70E7261E394B6838560B2632823AA60CE95794F523BEA99AE86"}';
const SUB_CHARGE_OPEN = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_owlugybuOp9ZbV","AMOUNT":"100",'
    . '"STATUS":"Failed","RESPONSE_CODE":"386",'
    . '"RESPONSE_MESSAGE":"This cycle is already paid, or a presented charge is still open",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",'
    . '"HASH":"9E8F90203659A790E592F2D2E2FDDB599BAE426A74B568E443F3A3587CBBAC25"}';
const SUB_CHARGE_ABOVE = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_owlugybuOp9ZbV","AMOUNT":"500001",'
    . '"STATUS":"Failed","RESPONSE_CODE":"380",'
    . '"RESPONSE_MESSAGE":"Amount above the mandate\'s maximum, or above the method\'s largest debit",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",'
    . '"HASH":"F5776FF41C3D66C648CF7EF6A63E043CBFDA67B0C974400F04AB95659ADD0D29"}';
const SUB_SKIPPED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_owlugybuOp9ZbV",'
    . '"SUBSCRIPTION_REF":"BILL-2002","METHOD":"UPI","CATEGORY":"","AMOUNT":"",'
    . '"MAX_AMOUNT":"500000","CURRENCY_CODE":"356","FREQUENCY":"AS_PRESENTED",'
    . '"START_DATE":"2026-12-07","END_DATE":"2036-12-07","DESCRIPTION":"Electricity bill",'
    . '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/S5MPQ7Df2vMoYThm","STATUS":"ACTIVE",'
    . '"CREATED_AT":"2026-12-07 21:20:09","ACTIVATED_AT":"2026-12-07 21:20:09","ENDED_AT":"",'
    . '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"success@upi","PAID_CYCLES":"0","NEXT_DEBIT_AT":"",'
    . '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126",'
    . '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_E7vHGbCAJ7JRKR\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"123400\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:09\\",\\"DEBIT_AT\\":\\"2026-12-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"SKIPPED\\",\\"RESPONSE_CODE\\":\\"382\\",\\"ORDER_ID\\":\\"\\",\\"TXN_ID\\":\\"\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"}]",'
    . '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",'
    . '"HASH":"245A83CFB34B904F9B754BA0D7FD48DAD0F14C3D6930A9BEE7FE095A3ED32AA1"}';
const SUB_ACTION_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_owlugybuOp9ZbV","ACTION":"APPROVE",'
    . '"STATUS":"Failed","RESPONSE_CODE":"326","RESPONSE_MESSAGE":"Invalid request",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",'
    . '"HASH":"0F5957AE63868F71C4AEF4033AB33780C6C2786A23A7DBD7EF5AC145D3E98D62"}';
const SUB_HALTED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_dtsH4fdeGToFzO",'
    . '"SUBSCRIPTION_REF":"PLAN-1003","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",'
    . '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",'
    . '"END_DATE":"2036-12-07","DESCRIPTION":"Monthly plan: a magazine","CUST_NAME":"Asha Rao",'
    . '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/EzmwF585j8VQ2R2W","STATUS":"HALTED",'
    . '"CREATED_AT":"2026-12-07 21:20:09","ACTIVATED_AT":"2026-12-07 21:20:10","ENDED_AT":"",'
    . '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"nofunds@upi","PAID_CYCLES":"1","NEXT_DEBIT_AT":"",'
    . '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126",'
    . '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_IJcfbrp0wuYE8Y\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"4\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-09 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-10 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-4\\",\\"TXN_ID\\":\\"6888747385863917\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_BIHrtOS7ZHXxcI\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"3\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-08 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-3\\",\\"TXN_ID\\":\\"2359295973230992\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_VB7TVXzg2C3JXO\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"2\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-07 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-08 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-2\\",\\"TXN_ID\\":\\"3096155674643924\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_f6eJCP27sk1JSz\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-05 19:00:00\\",\\"DEBIT_AT\\":\\"2027-01-07 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-1\\",\\"TXN_ID\\":\\"6513236517522822\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_CMwDv9ula8hbMk\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:10\\",\\"DEBIT_AT\\":\\"2026-12-07 21:20:10\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"CHARGED\\",\\"RESPONSE_CODE\\":\\"000\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-0-1\\",\\"TXN_ID\\":\\"9735420370561121\\",\\"FEE\\":\\"700\\",\\"GST\\":\\"126\\"}]",'
    . '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2027-01-16 21:20:12",'
    . '"HASH":"9056B8D76C49D8664A1FBA9CA5E70933A85103155093B9E08B3523C8AE7F70E6"}';
const SUB_RESUME_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif","STATUS":"Failed",'
    . '"RESPONSE_CODE":"385",'
    . '"RESPONSE_MESSAGE":"Subscription not active: cancelled, revoked, halted, completed or failed",'
    . '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",'
    . '"HASH":"778EF0D45D5DFAC336A762E2141A7F8B5FADF369A81811C342EC0E4D59F8C4F2"}';
const SUB_RESUMED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_dtsH4fdeGToFzO",'
    . '"SUBSCRIPTION_REF":"PLAN-1003","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",'
    . '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",'
    . '"END_DATE":"2036-12-07","DESCRIPTION":"Monthly plan: a magazine","CUST_NAME":"Asha Rao",'
    . '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/EzmwF585j8VQ2R2W","STATUS":"ACTIVE",'
    . '"CREATED_AT":"2026-12-07 21:20:09","ACTIVATED_AT":"2026-12-07 21:20:10","ENDED_AT":"",'
    . '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"nofunds@upi","PAID_CYCLES":"1","NEXT_DEBIT_AT":"",'
    . '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126",'
    . '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_IJcfbrp0wuYE8Y\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"4\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-09 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-10 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-4\\",\\"TXN_ID\\":\\"6888747385863917\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_BIHrtOS7ZHXxcI\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"3\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-08 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-3\\",\\"TXN_ID\\":\\"2359295973230992\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_VB7TVXzg2C3JXO\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"2\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-07 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-08 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-2\\",\\"TXN_ID\\":\\"3096155674643924\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_f6eJCP27sk1JSz\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-05 19:00:00\\",\\"DEBIT_AT\\":\\"2027-01-07 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-1\\",\\"TXN_ID\\":\\"6513236517522822\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_CMwDv9ula8hbMk\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:10\\",\\"DEBIT_AT\\":\\"2026-12-07 21:20:10\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"CHARGED\\",\\"RESPONSE_CODE\\":\\"000\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-0-1\\",\\"TXN_ID\\":\\"9735420370561121\\",\\"FEE\\":\\"700\\",\\"GST\\":\\"126\\"}]",'
    . '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2027-01-16 21:20:12",'
    . '"HASH":"231236F8869F2960F88414D6F7E47B3DC874ADCF519062D507B7BD806B4C6100"}';
const SUB_REVOKED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_dtsH4fdeGToFzO",'
    . '"SUBSCRIPTION_REF":"PLAN-1003","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",'
    . '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",'
    . '"END_DATE":"2036-12-07","DESCRIPTION":"Monthly plan: a magazine","CUST_NAME":"Asha Rao",'
    . '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",'
    . '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/EzmwF585j8VQ2R2W","STATUS":"CANCELLED",'
    . '"CREATED_AT":"2026-12-07 21:20:09","ACTIVATED_AT":"2026-12-07 21:20:10",'
    . '"ENDED_AT":"2027-01-16 21:20:12","ANCHOR_DATE":"2026-12-07","INSTRUMENT":"",'
    . '"PAID_CYCLES":"1","NEXT_DEBIT_AT":"","REGISTRATION_FEE":"700","REGISTRATION_GST":"126",'
    . '"CANCELLED_BY":"CUSTOMER",'
    . '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_IJcfbrp0wuYE8Y\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"4\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-09 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-10 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-4\\",\\"TXN_ID\\":\\"6888747385863917\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_BIHrtOS7ZHXxcI\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"3\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-08 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-3\\",\\"TXN_ID\\":\\"2359295973230992\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_VB7TVXzg2C3JXO\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"2\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-07 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-08 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-2\\",\\"TXN_ID\\":\\"3096155674643924\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_f6eJCP27sk1JSz\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-05 19:00:00\\",\\"DEBIT_AT\\":\\"2027-01-07 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-1\\",\\"TXN_ID\\":\\"6513236517522822\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_CMwDv9ula8hbMk\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:10\\",\\"DEBIT_AT\\":\\"2026-12-07 21:20:10\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"CHARGED\\",\\"RESPONSE_CODE\\":\\"000\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-0-1\\",\\"TXN_ID\\":\\"9735420370561121\\",\\"FEE\\":\\"700\\",\\"GST\\":\\"126\\"}]",'
    . '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",'
    . '"RESPONSE_DATE_TIME":"2027-01-16 21:20:12",'
    . '"HASH":"B06E6B36411D8FF63500D247826DDCCD1A05547728C69BF544360DA3CA0A9DE1"}';

/** A UPI monthly subscription's request, as a merchant's code would give it. */
function subMonthly(array $over = []): array
{
    return array_replace([
        'SUBSCRIPTION_REF' => 'PLAN-1001', 'METHOD' => 'UPI', 'FREQUENCY' => 'MONTHLY', 'AMOUNT' => '49900',
        'MAX_AMOUNT' => '49900', 'START_DATE' => '2026-12-07', 'DESCRIPTION' => 'Monthly plan: two notebooks',
        'CUST_NAME' => 'Asha Rao', 'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210',
        'RETURN_URL' => 'http://localhost:8000/subscribed',
    ], $over);
}

/** A recorded answer's DEBITS, as the client parses them. */
function subDebits(string $answer): array
{
    return json_decode(json_decode($answer, true)['DEBITS'], true);
}

test('client: createSubscription posts the subscription\'s fields, signed and trimmed, dates as YYYY-MM-DD, and returns the verified subscription', static function (): void {
    $client = plClient(static fn (): string => SUB_CREATED, $sent, $paths);
    $subscription = $client->createSubscription(subMonthly([
        'DESCRIPTION' => ' Monthly plan: two notebooks ', 'START_DATE' => new DateTimeImmutable('2026-12-07 23:30:00', new DateTimeZone('Asia/Kolkata')),
        'AMOUNT' => 49900, 'CATEGORY' => '', 'NOTIFY_URL' => 'http://localhost:8000/webhook', 'ORDER_ID' => 'not a subscription field',
    ]));
    Assert::same(json_decode(SUB_CREATED, true), $subscription);
    Assert::same([SUB_ID, 'CREATED', 'UPI', 'MONTHLY', '', '', '700', '126'], [$subscription['SUBSCRIPTION_ID'], $subscription['STATUS'],
        $subscription['METHOD'], $subscription['FREQUENCY'], $subscription['INSTRUMENT'], $subscription['END_DATE'],
        $subscription['REGISTRATION_FEE'], $subscription['REGISTRATION_GST']]);
    Assert::true(str_contains($subscription['AUTH_URL'], '/sandbox/m/'), 'the mandate page');
    $client->createSubscription(subMonthly([
        'SUBSCRIPTION_REF' => 'BILL-2002', 'METHOD' => 'EMANDATE', 'FREQUENCY' => 'AS_PRESENTED', 'AMOUNT' => '',
        'MAX_AMOUNT' => '1000000000', 'START_DATE' => '2027-01-31', 'END_DATE' => new DateTime('2030-02-28'),
        'CATEGORY' => 'INSURANCE', 'DESCRIPTION' => 'Premium',
    ]));
    $customer = ['CUST_NAME' => 'Asha Rao', 'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210', 'RETURN_URL' => 'http://localhost:8000/subscribed'];
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_REF' => 'PLAN-1001', 'METHOD' => 'UPI', 'AMOUNT' => '49900', 'MAX_AMOUNT' => '49900',
            'FREQUENCY' => 'MONTHLY', 'START_DATE' => '2026-12-07', 'DESCRIPTION' => 'Monthly plan: two notebooks']
            + $customer + ['NOTIFY_URL' => 'http://localhost:8000/webhook'],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_REF' => 'BILL-2002', 'METHOD' => 'EMANDATE', 'MAX_AMOUNT' => '1000000000',
            'FREQUENCY' => 'AS_PRESENTED', 'START_DATE' => '2027-01-31', 'END_DATE' => '2030-02-28', 'CATEGORY' => 'INSURANCE',
            'DESCRIPTION' => 'Premium'] + $customer,
    ], plSent($sent));
    Assert::same(['/pgws/subscription', '/pgws/subscription'], $paths);
});

test('client: subscriptionStatus asks by SUBSCRIPTION_ID or SUBSCRIPTION_REF, cancel and resume by SUBSCRIPTION_ID, each to its path, each answer\'s DEBITS parsed', static function (): void {
    $client = plClient(static fn (string $path, array $request): string => match ($path) {
        '/pgws/subscription/status' => isset($request['SUBSCRIPTION_REF']) ? SUB_FOUND : ($request['SUBSCRIPTION_ID'] === SUB_ACTIVE_ID ? SUB_ACTIVE : SUB_HALTED),
        '/pgws/subscription/cancel' => SUB_CANCELLED,
        '/pgws/subscription/resume' => SUB_RESUMED,
    }, $sent, $paths);
    $found = $client->subscriptionStatus(subscriptionRef: ' PLAN-1001 ');
    Assert::same([], $found['DEBITS']);
    Assert::same(array_diff_key(json_decode(SUB_FOUND, true), ['DEBITS' => 1]), array_diff_key($found, ['DEBITS' => 1]));

    // Registered with success@upi: the first month was taken with the registration, a payment of its own.
    $active = $client->subscriptionStatus(SUB_ACTIVE_ID);
    Assert::same(subDebits(SUB_ACTIVE), $active['DEBITS']);
    Assert::same(['ACTIVE', 'success@upi', '1', '2026-12-07', '2036-12-07'], [$active['STATUS'], $active['INSTRUMENT'], $active['PAID_CYCLES'], $active['ANCHOR_DATE'], $active['END_DATE']]);
    Assert::same(['0', '1', 'CHARGED', '000', SUB_ACTIVE_ID . '-0-1', '700', '126'], array_values(array_intersect_key($active['DEBITS'][0],
        array_flip(['CYCLE', 'ATTEMPT', 'STATUS', 'RESPONSE_CODE', 'ORDER_ID', 'FEE', 'GST']))));

    // On nofunds@upi: the second month's four attempts failed (020) a day apart, newest first, and it halted.
    $halted = $client->subscriptionStatus(SUB_HALTED_ID);
    Assert::same('HALTED', $halted['STATUS']);
    Assert::same([['1', '4', 'FAILED', '020'], ['1', '3', 'FAILED', '020'], ['1', '2', 'FAILED', '020'], ['1', '1', 'FAILED', '020'], ['0', '1', 'CHARGED', '000']],
        array_map(static fn (array $debit): array => [$debit['CYCLE'], $debit['ATTEMPT'], $debit['STATUS'], $debit['RESPONSE_CODE']], $halted['DEBITS']));

    // Cancel and resume answer the subscription with its DEBITS, parsed as the status's are.
    $cancelled = $client->cancelSubscription(SUB_ID);
    Assert::same([], $cancelled['DEBITS']);
    Assert::same(array_diff_key(json_decode(SUB_CANCELLED, true), ['DEBITS' => 1]), array_diff_key($cancelled, ['DEBITS' => 1]));
    Assert::same(['CANCELLED', '2026-12-07 21:20:08', 'MERCHANT'], [$cancelled['STATUS'], $cancelled['ENDED_AT'], $cancelled['CANCELLED_BY']]);
    $resumed = $client->resumeSubscription(SUB_HALTED_ID);
    Assert::same(subDebits(SUB_RESUMED), $resumed['DEBITS']);
    Assert::same(array_diff_key(json_decode(SUB_RESUMED, true), ['DEBITS' => 1]), array_diff_key($resumed, ['DEBITS' => 1]));
    Assert::same(['ACTIVE', $halted['DEBITS']], [$resumed['STATUS'], $resumed['DEBITS']]);
    Assert::same(['/pgws/subscription/status', '/pgws/subscription/status', '/pgws/subscription/status', '/pgws/subscription/cancel', '/pgws/subscription/resume'], $paths);
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_REF' => 'PLAN-1001'],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_ACTIVE_ID],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_HALTED_ID],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_ID],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_HALTED_ID],
    ], plSent($sent));
});

test('client: cancelSubscription answers the sandbox\'s recorded cancel of a card mandate with its DEBITS parsed: the open notice STOPPED (385)', static function (): void {
    $client = plClient(static fn (): string => SUB_CANCELLED_CARD, $sent, $paths);
    $cancelled = $client->cancelSubscription('sub_Rb69mUXi9Lz5kY');
    Assert::same(subDebits(SUB_CANCELLED_CARD), $cancelled['DEBITS']);
    Assert::same(['0', '1', '1800000', 'Y', 'Y', 'STOPPED', '385', ''], array_values(array_intersect_key($cancelled['DEBITS'][0],
        array_flip(['CYCLE', 'ATTEMPT', 'AMOUNT', 'APPROVAL_REQUIRED', 'APPROVED', 'STATUS', 'RESPONSE_CODE', 'ORDER_ID']))));
    Assert::same(['CANCELLED', 'MERCHANT', '', ''], [$cancelled['STATUS'], $cancelled['CANCELLED_BY'], $cancelled['INSTRUMENT'], $cancelled['NEXT_DEBIT_AT']]);
    Assert::same(array_diff_key(json_decode(SUB_CANCELLED_CARD, true), ['DEBITS' => 1]), array_diff_key($cancelled, ['DEBITS' => 1]));
    Assert::same(['/pgws/subscription/cancel'], $paths);
});

test('client: presentCharge posts AMOUNT to /charge and actAsCustomer an ACTION to /customer, each answer\'s DEBITS parsed', static function (): void {
    $client = plClient(static fn (string $path, array $request): string => match (true) {
        $path === '/pgws/subscription/charge' => SUB_CHARGED,
        $request['ACTION'] === 'SKIP' => SUB_SKIPPED,
        default => SUB_REVOKED,
    }, $sent, $paths);
    $charged = $client->presentCharge(SUB_PRESENTED_ID, 123400);
    $notice = $charged['DEBITS'][0];
    Assert::same(subDebits(SUB_CHARGED), $charged['DEBITS']);
    Assert::same(['AS_PRESENTED', '', '123400', 'NOTIFIED', 'N', '2026-12-09 07:00:00'],
        [$charged['FREQUENCY'], $charged['AMOUNT'], $notice['AMOUNT'], $notice['STATUS'], $notice['APPROVAL_REQUIRED'], $notice['DEBIT_AT']]);
    Assert::same(array_diff_key(json_decode(SUB_CHARGED, true), ['DEBITS' => 1]), array_diff_key($charged, ['DEBITS' => 1]));
    Assert::same($notice['DEBIT_AT'], $charged['NEXT_DEBIT_AT']);
    $skipped = $client->actAsCustomer(SUB_PRESENTED_ID, 'SKIP');
    Assert::same([$notice['DEBIT_ID'], 'SKIPPED', '382', ''], [$skipped['DEBITS'][0]['DEBIT_ID'], $skipped['DEBITS'][0]['STATUS'], $skipped['DEBITS'][0]['RESPONSE_CODE'], $skipped['NEXT_DEBIT_AT']]);
    $revoked = $client->actAsCustomer(SUB_HALTED_ID, 'REVOKE');
    Assert::same(['CANCELLED', '', 'CUSTOMER'], [$revoked['STATUS'], $revoked['INSTRUMENT'], $revoked['CANCELLED_BY']]);
    Assert::same(subDebits(SUB_REVOKED), $revoked['DEBITS']);
    Assert::same(['/pgws/subscription/charge', '/pgws/subscription/customer', '/pgws/subscription/customer'], $paths);
    Assert::same([
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_PRESENTED_ID, 'AMOUNT' => '123400'],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_PRESENTED_ID, 'ACTION' => 'SKIP'],
        ['PAY_ID' => '1000000000000001', 'SUBSCRIPTION_ID' => SUB_HALTED_ID, 'ACTION' => 'REVOKE'],
    ], plSent($sent));
});

test('client: a refused subscription call (387, 385, 326, 386, 380, 388, 374) is the signed answer, returned for RESPONSE_CODE to say', static function (): void {
    $refused = [
        [SUB_UNKNOWN, static fn (Paystra\Client $client): array => $client->subscriptionStatus('sub_00000000000000')],
        [SUB_NOT_ACTIVE, static fn (Paystra\Client $client): array => $client->presentCharge(SUB_ID, '49900')],
        [SUB_CANCEL_REFUSED, static fn (Paystra\Client $client): array => $client->cancelSubscription(SUB_ID)],
        [SUB_RESUME_REFUSED, static fn (Paystra\Client $client): array => $client->resumeSubscription(SUB_ID)],
        [SUB_CHARGE_REFUSED, static fn (Paystra\Client $client): array => $client->presentCharge(SUB_ACTIVE_ID, '49900')],
        [SUB_CHARGE_OPEN, static fn (Paystra\Client $client): array => $client->presentCharge(SUB_PRESENTED_ID, '100')],
        [SUB_CHARGE_ABOVE, static fn (Paystra\Client $client): array => $client->presentCharge(SUB_PRESENTED_ID, '500001')],
        [SUB_ACTION_REFUSED, static fn (Paystra\Client $client): array => $client->actAsCustomer(SUB_PRESENTED_ID, 'APPROVE')],
        [SUB_BAD_DATE, static fn (Paystra\Client $client): array => $client->createSubscription(subMonthly(['SUBSCRIPTION_REF' => 'PLAN-1002', 'START_DATE' => '2020-01-01']))],
        [SUB_DUPLICATE, static fn (Paystra\Client $client): array => $client->createSubscription(subMonthly())],
    ];
    $codes = [];
    foreach ($refused as [$recorded, $call]) {
        $answer = $call(plClient(static fn (): string => $recorded, $sent));
        Assert::same(json_decode($recorded, true), $answer);
        Assert::false(isset($answer['DEBITS']) || isset($answer['AUTH_URL']), 'a refusal has no DEBITS and no subscription');
        $codes[] = $answer['RESPONSE_CODE'] . ' ' . $answer['STATUS'];
    }
    Assert::same(['387 Failed', '385 Failed', '385 Failed', '385 Failed', '326 Failed', '386 Failed', '380 Failed', '326 Failed', '388 Failed', '374 Failed'], $codes);
});

test('client: subscription answers are trusted only under their HASH, DEBITS only as a list of objects', static function (): void {
    $client = fakeClient(static fn (): array => [200, str_replace('"STATUS":"CREATED"', '"STATUS":"ACTIVE"', SUB_CREATED)]);
    Assert::throws(VerificationError::class, static fn () => $client->createSubscription(subMonthly()), 'HASH');
    $client = fakeClient(static fn (): array => [200, str_replace('123400', '923400', SUB_CHARGED)]);
    Assert::throws(VerificationError::class, static fn () => $client->presentCharge(SUB_PRESENTED_ID, '123400'), 'HASH');
    $other = array_replace(json_decode(SUB_CANCELLED, true), ['PAY_ID' => '1000000000000002']);
    $client = fakeClient(static fn (): array => [200, Hash::withHash($other, PL_SALT)]);
    Assert::throws(VerificationError::class, static fn () => $client->cancelSubscription(SUB_ID), 'another merchant');

    $unsigned = array_diff_key(json_decode(SUB_SKIPPED, true), ['HASH' => 1]);
    foreach (['{"a":"b"}', 'not json', '[1]', '[{"CYCLE":1}]'] as $text) {
        $client = fakeClient(static fn (): array => [200, Hash::withHash(['DEBITS' => $text] + $unsigned, PL_SALT)]);
        Assert::throws(GatewayError::class, static fn () => $client->actAsCustomer(SUB_PRESENTED_ID, 'SKIP'), 'DEBITS');
        Assert::throws(GatewayError::class, static fn () => $client->cancelSubscription(SUB_PRESENTED_ID), 'DEBITS');
        Assert::throws(GatewayError::class, static fn () => $client->resumeSubscription(SUB_PRESENTED_ID), 'DEBITS');
    }
    $client = fakeClient(static fn (): array => [200, SUB_CREATED]);
    Assert::throws(GatewayError::class, static fn () => $client->subscriptionStatus(SUB_ID), 'no DEBITS');
    Assert::throws(GatewayError::class, static fn () => $client->cancelSubscription(SUB_ID), 'no DEBITS');
    Assert::throws(GatewayError::class, static fn () => $client->resumeSubscription(SUB_ID), 'no DEBITS');
});

test('client: METHOD, FREQUENCY, the amounts, the dates, CATEGORY, DESCRIPTION, ACTION, the ids and "~" are checked before the gateway sees anything', static function (): void {
    $calls = 0;
    $client = fakeClient(static function () use (&$calls): array {
        $calls++;
        return [200, SUB_CREATED];
    });
    $refused = [
        'METHOD' => static fn () => $client->createSubscription(subMonthly(['METHOD' => 'NACH'])),
        'METHOD ' => static fn () => $client->createSubscription(subMonthly(['METHOD' => 'upi'])),
        'METHOD  ' => static fn () => $client->createSubscription(subMonthly(['METHOD' => ''])),
        'FREQUENCY' => static fn () => $client->createSubscription(subMonthly(['FREQUENCY' => 'DAILY'])),
        'FREQUENCY ' => static fn () => $client->createSubscription(subMonthly(['FREQUENCY' => ''])),
        'MAX_AMOUNT' => static fn () => $client->createSubscription(subMonthly(['MAX_AMOUNT' => ''])),
        'MAX_AMOUNT ' => static fn () => $client->createSubscription(subMonthly(['MAX_AMOUNT' => '499.00'])),
        'MAX_AMOUNT  ' => static fn () => $client->createSubscription(subMonthly(['MAX_AMOUNT' => '10000001', 'AMOUNT' => '100'])),
        'MAX_AMOUNT   ' => static fn () => $client->createSubscription(subMonthly(['METHOD' => 'CARD', 'MAX_AMOUNT' => '10000001', 'AMOUNT' => '100'])),
        'AMOUNT' => static fn () => $client->createSubscription(subMonthly(['AMOUNT' => ''])),
        'AMOUNT ' => static fn () => $client->createSubscription(subMonthly(['AMOUNT' => '0'])),
        'AMOUNT  ' => static fn () => $client->createSubscription(subMonthly(['AMOUNT' => '049900'])),
        'AMOUNT   ' => static fn () => $client->createSubscription(subMonthly(['AMOUNT' => '-100'])),
        'at most MAX_AMOUNT' => static fn () => $client->createSubscription(subMonthly(['AMOUNT' => '49901'])),
        'AS_PRESENTED' => static fn () => $client->createSubscription(subMonthly(['FREQUENCY' => 'AS_PRESENTED'])),
        'START_DATE' => static fn () => $client->createSubscription(subMonthly(['START_DATE' => ''])),
        'START_DATE ' => static fn () => $client->createSubscription(subMonthly(['START_DATE' => '2027-02-30'])),
        'START_DATE  ' => static fn () => $client->createSubscription(subMonthly(['START_DATE' => '07-12-2026'])),
        'START_DATE   ' => static fn () => $client->createSubscription(subMonthly(['START_DATE' => '2026-12-07T00:00:00+05:30'])),
        'END_DATE' => static fn () => $client->createSubscription(subMonthly(['END_DATE' => '2027-13-01'])),
        'after START_DATE' => static fn () => $client->createSubscription(subMonthly(['END_DATE' => '2026-12-07'])),
        'CATEGORY' => static fn () => $client->createSubscription(subMonthly(['CATEGORY' => 'GYM'])),
        'DESCRIPTION' => static fn () => $client->createSubscription(subMonthly(['DESCRIPTION' => ' '])),
        'DESCRIPTION ' => static fn () => $client->createSubscription(subMonthly(['DESCRIPTION' => str_repeat('x', 256)])),
        'DESCRIPTION  ' => static fn () => $client->createSubscription(subMonthly(['DESCRIPTION' => "Plan\nA"])),
        'DESCRIPTION   ' => static fn () => $client->createSubscription(subMonthly(['DESCRIPTION' => 'Plan ~ A'])),
        'CUST_NAME' => static fn () => $client->createSubscription(subMonthly(['CUST_NAME' => 'A~B'])),
        'SUBSCRIPTION_REF' => static fn () => $client->createSubscription(subMonthly(['SUBSCRIPTION_REF' => 'PLAN#1'])),
        'SUBSCRIPTION_REF ' => static fn () => $client->createSubscription(subMonthly(['SUBSCRIPTION_REF' => ''])),
        'SUBSCRIPTION_ID or SUBSCRIPTION_REF' => static fn () => $client->subscriptionStatus(),
        'not both' => static fn () => $client->subscriptionStatus(SUB_ID, 'PLAN-1001'),
        'SUBSCRIPTION_ID' => static fn () => $client->subscriptionStatus('sub_short'),
        'SUBSCRIPTION_REF  ' => static fn () => $client->subscriptionStatus(subscriptionRef: 'PLAN 1001'),
        'SUBSCRIPTION_ID ' => static fn () => $client->cancelSubscription('PLAN-1001'),
        'SUBSCRIPTION_ID  ' => static fn () => $client->resumeSubscription(''),
        'AMOUNT    ' => static fn () => $client->presentCharge(SUB_PRESENTED_ID, '12.34'),
        'SUBSCRIPTION_ID   ' => static fn () => $client->presentCharge('sub_7PdL2sNe9QwX4k!', '100'),
        'ACTION' => static fn () => $client->actAsCustomer(SUB_PRESENTED_ID, 'CANCEL'),
        'ACTION ' => static fn () => $client->actAsCustomer(SUB_PRESENTED_ID, 'skip'),
        'SUBSCRIPTION_ID    ' => static fn () => $client->actAsCustomer('', 'SKIP'),
    ];
    foreach ($refused as $says => $call) {
        Assert::throws(InvalidArgumentException::class, $call, trim($says));
    }
    Assert::same(0, $calls);
});
