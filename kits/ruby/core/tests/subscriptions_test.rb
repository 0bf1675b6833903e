# frozen_string_literal: true

require_relative 'test_helper'

# Subscriptions against a fake gateway that answers the sandbox's own answers to the demo merchant,
# recorded from a sandbox of the kit tests' kind (a UPI monthly one created, found by its
# SUBSCRIPTION_REF, refused a charge while not yet registered, cancelled and refused a second
# cancel; one registered with success@upi, its first month taken at once, and refused a presented
# charge; an AS_PRESENTED one charged, its notice skipped; one on nofunds@upi halted after four
# failed attempts, resumed and revoked; each refusal): signed with its salt, byte for byte.
# SUB_CANCELLED_CARD is the sandbox's answer recorded for the OpenAPI examples: a card mandate
# cancelled by the merchant with its presented charge's notice open (STOPPED, 385).
class SubscriptionsTest < Minitest::Test
  SUB_ID = 'sub_Q644iJtemFQSif'
  SUB_ACTIVE_ID = 'sub_bWNvj4WRreRgBZ'
  SUB_PRESENTED_ID = 'sub_owlugybuOp9ZbV'
  SUB_HALTED_ID = 'sub_dtsH4fdeGToFzO'
  SUB_CREATED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif",' \
                '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",' \
                '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",' \
                '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",' \
                '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/eSKuwdTpGhaD7Zc5","STATUS":"CREATED",' \
                '"CREATED_AT":"2026-12-07 21:20:08","ACTIVATED_AT":"","ENDED_AT":"","ANCHOR_DATE":"",' \
                '"INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"","REGISTRATION_FEE":"700",' \
                '"REGISTRATION_GST":"126","TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000",' \
                '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 21:20:08",' \
                '"HASH":"2DF35AA072742A9E8CD8FFE9A13F46CE1C741E054979DD8AD309525CFFCC8BFE"}'
  SUB_FOUND = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif",' \
              '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",' \
              '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",' \
              '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",' \
              '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
              '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/eSKuwdTpGhaD7Zc5","STATUS":"CREATED",' \
              '"CREATED_AT":"2026-12-07 21:20:08","ACTIVATED_AT":"","ENDED_AT":"","ANCHOR_DATE":"",' \
              '"INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"","REGISTRATION_FEE":"700",' \
              '"REGISTRATION_GST":"126","DEBITS":"[]","TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000",' \
              '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 21:20:08",' \
              '"HASH":"534FE8CEE4FBE7ED361722CD4A0706691968033388CF3200A5864771015BD78F"}'
  SUB_NOT_ACTIVE = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif","AMOUNT":"49900",' \
                   '"STATUS":"Failed","RESPONSE_CODE":"385",' \
                   '"RESPONSE_MESSAGE":"Subscription not active: cancelled, revoked, halted, completed or failed",' \
                   '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",' \
                   '"HASH":"63EF4C5EF89DE9DE32C0BEE0D95AEFC5B8E92A64986417FF52D2338FB0948BF4"}'
  SUB_CANCELLED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif",' \
                  '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",' \
                  '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",' \
                  '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",' \
                  '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                  '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/eSKuwdTpGhaD7Zc5","STATUS":"CANCELLED",' \
                  '"CREATED_AT":"2026-12-07 21:20:08","ACTIVATED_AT":"","ENDED_AT":"2026-12-07 21:20:08",' \
                  '"ANCHOR_DATE":"","INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"",' \
                  '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126","CANCELLED_BY":"MERCHANT","DEBITS":"[]",' \
                  '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                  '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",' \
                  '"HASH":"7C6756C9A4AD99EFC98C0BE6B7410D2614267028FFFC46CEDFF5C80C3344FC26"}'
  SUB_CANCELLED_CARD = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Rb69mUXi9Lz5kY",' \
                       '"SUBSCRIPTION_REF":"PLAN-1002","METHOD":"CARD","CATEGORY":"","AMOUNT":"",' \
                       '"MAX_AMOUNT":"2500000","CURRENCY_CODE":"356","FREQUENCY":"AS_PRESENTED",' \
                       '"START_DATE":"2026-12-08","END_DATE":"2036-12-08","DESCRIPTION":"Metered cloud usage",' \
                       '"CUST_NAME":"Ravi Kumar","CUST_EMAIL":"ravi.kumar@example.com","CUST_PHONE":"9876501234",' \
                       '"AUTH_URL":"http://localhost:3000/sandbox/m/vGbSn81TIF8wp62N","STATUS":"CANCELLED",' \
                       '"CREATED_AT":"2026-12-08 21:39:04","ACTIVATED_AT":"2026-12-08 21:39:04",' \
                       '"ENDED_AT":"2026-12-08 21:39:05","ANCHOR_DATE":"2026-12-08","INSTRUMENT":"","PAID_CYCLES":"0",' \
                       '"NEXT_DEBIT_AT":"","REGISTRATION_FEE":"600","REGISTRATION_GST":"108","CANCELLED_BY":"MERCHANT",' \
                       '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_7w6GmhbWpVVG5R\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"1800000\\",\\"NOTIFIED_AT\\":\\"2026-12-08 21:39:04\\",\\"DEBIT_AT\\":\\"2026-12-10 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"Y\\",\\"APPROVED\\":\\"Y\\",\\"STATUS\\":\\"STOPPED\\",\\"RESPONSE_CODE\\":\\"385\\",\\"ORDER_ID\\":\\"\\",\\"TXN_ID\\":\\"\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"}]",' \
                       '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                       '"RESPONSE_DATE_TIME":"2026-12-08 21:39:05",' \
                       '"HASH":"D34F24B497DE58EB60BA086E4C8C7FF2A6306482149A7ABD830E592E6E68349A"}'
  SUB_CANCEL_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif","STATUS":"Failed",' \
                       '"RESPONSE_CODE":"385",' \
                       '"RESPONSE_MESSAGE":"Subscription not active: cancelled, revoked, halted, completed or failed",' \
                       '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",' \
                       '"HASH":"778EF0D45D5DFAC336A762E2141A7F8B5FADF369A81811C342EC0E4D59F8C4F2"}'
  SUB_UNKNOWN = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_00000000000000","STATUS":"Failed",' \
                '"RESPONSE_CODE":"387","RESPONSE_MESSAGE":"No subscription found",' \
                '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",' \
                '"HASH":"8B35F69496ABC18E46AC583ABA1D012946440702FAAE011F716D5B40120BD22E"}'
  SUB_BAD_DATE = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_REF":"PLAN-1002","STATUS":"Failed",' \
                 '"RESPONSE_CODE":"388",' \
                 '"RESPONSE_MESSAGE":"Invalid start or end date: a date from the account\'s today, within 366 days; end after it, within 10 years",' \
                 '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",' \
                 '"HASH":"1D80ABC6FBA5870E7A142901CAE8A6258340D10A3927607838B7D9582684E216"}'
  SUB_DUPLICATE = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_REF":"PLAN-1001","STATUS":"Failed",' \
                  '"RESPONSE_CODE":"374","RESPONSE_MESSAGE":"Duplicate reference id",' \
                  '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",' \
                  '"HASH":"642F4328FF104C29517D319FF92F8CBABDD98BB1DA3BA855A3B22E7A32AB9F5D"}'
  SUB_ACTIVE = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_bWNvj4WRreRgBZ",' \
               '"SUBSCRIPTION_REF":"PLAN-1004","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",' \
               '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",' \
               '"END_DATE":"2036-12-07","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",' \
               '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
               '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/ynjRJFbpNG6N1LUY","STATUS":"ACTIVE",' \
               '"CREATED_AT":"2026-12-07 21:20:08","ACTIVATED_AT":"2026-12-07 21:20:08","ENDED_AT":"",' \
               '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"success@upi","PAID_CYCLES":"1","NEXT_DEBIT_AT":"",' \
               '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126",' \
               '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_MTpoIviafyfbqE\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:08\\",\\"DEBIT_AT\\":\\"2026-12-07 21:20:08\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"CHARGED\\",\\"RESPONSE_CODE\\":\\"000\\",\\"ORDER_ID\\":\\"sub_bWNvj4WRreRgBZ-0-1\\",\\"TXN_ID\\":\\"3202422748070787\\",\\"FEE\\":\\"700\\",\\"GST\\":\\"126\\"}]",' \
               '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
               '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",' \
               '"HASH":"07338503B55E8E900066036EA0F6892B88DA592B51EB08DF3AF33A5D62D9E196"}'
  SUB_CHARGE_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_bWNvj4WRreRgBZ","AMOUNT":"49900",' \
                       '"STATUS":"Failed","RESPONSE_CODE":"326","RESPONSE_MESSAGE":"Invalid request",' \
                       '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",' \
                       '"HASH":"9A9FAD5DC4DBC953FE2A10F633B6A0F03BC01A5A243C0CC42C09530387768162"}'
  SUB_CHARGED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_owlugybuOp9ZbV",' \
                '"SUBSCRIPTION_REF":"BILL-2002","METHOD":"UPI","CATEGORY":"","AMOUNT":"",' \
                '"MAX_AMOUNT":"500000","CURRENCY_CODE":"356","FREQUENCY":"AS_PRESENTED",' \
                '"START_DATE":"2026-12-07","END_DATE":"2036-12-07","DESCRIPTION":"Electricity bill",' \
                '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/S5MPQ7Df2vMoYThm","STATUS":"ACTIVE",' \
                '"CREATED_AT":"2026-12-07 21:20:09","ACTIVATED_AT":"2026-12-07 21:20:09","ENDED_AT":"",' \
                '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"success@upi","PAID_CYCLES":"0",' \
                '"NEXT_DEBIT_AT":"2026-12-09 07:00:00","REGISTRATION_FEE":"700","REGISTRATION_GST":"126",' \
                '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_E7vHGbCAJ7JRKR\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"123400\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:09\\",\\"DEBIT_AT\\":\\"2026-12-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"NOTIFIED\\",\\"RESPONSE_CODE\\":\\"\\",\\"ORDER_ID\\":\\"\\",\\"TXN_ID\\":\\"\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"}]",' \
                '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",' \
                '"HASH":"07C117E84771C70E7261E394B6838560B2632823AA60CE95794F523BEA99AE86"}'
  SUB_CHARGE_OPEN = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_owlugybuOp9ZbV","AMOUNT":"100",' \
                    '"STATUS":"Failed","RESPONSE_CODE":"386",' \
                    '"RESPONSE_MESSAGE":"This cycle is already paid, or a presented charge is still open",' \
                    '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",' \
                    '"HASH":"9E8F90203659A790E592F2D2E2FDDB599BAE426A74B568E443F3A3587CBBAC25"}'
  SUB_CHARGE_ABOVE = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_owlugybuOp9ZbV","AMOUNT":"500001",' \
                     '"STATUS":"Failed","RESPONSE_CODE":"380",' \
                     '"RESPONSE_MESSAGE":"Amount above the mandate\'s maximum, or above the method\'s largest debit",' \
                     '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",' \
                     '"HASH":"F5776FF41C3D66C648CF7EF6A63E043CBFDA67B0C974400F04AB95659ADD0D29"}'
  SUB_SKIPPED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_owlugybuOp9ZbV",' \
                '"SUBSCRIPTION_REF":"BILL-2002","METHOD":"UPI","CATEGORY":"","AMOUNT":"",' \
                '"MAX_AMOUNT":"500000","CURRENCY_CODE":"356","FREQUENCY":"AS_PRESENTED",' \
                '"START_DATE":"2026-12-07","END_DATE":"2036-12-07","DESCRIPTION":"Electricity bill",' \
                '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/S5MPQ7Df2vMoYThm","STATUS":"ACTIVE",' \
                '"CREATED_AT":"2026-12-07 21:20:09","ACTIVATED_AT":"2026-12-07 21:20:09","ENDED_AT":"",' \
                '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"success@upi","PAID_CYCLES":"0","NEXT_DEBIT_AT":"",' \
                '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126",' \
                '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_E7vHGbCAJ7JRKR\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"123400\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:09\\",\\"DEBIT_AT\\":\\"2026-12-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"SKIPPED\\",\\"RESPONSE_CODE\\":\\"382\\",\\"ORDER_ID\\":\\"\\",\\"TXN_ID\\":\\"\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"}]",' \
                '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",' \
                '"HASH":"245A83CFB34B904F9B754BA0D7FD48DAD0F14C3D6930A9BEE7FE095A3ED32AA1"}'
  SUB_ACTION_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_owlugybuOp9ZbV","ACTION":"APPROVE",' \
                       '"STATUS":"Failed","RESPONSE_CODE":"326","RESPONSE_MESSAGE":"Invalid request",' \
                       '"RESPONSE_DATE_TIME":"2026-12-07 21:20:09",' \
                       '"HASH":"0F5957AE63868F71C4AEF4033AB33780C6C2786A23A7DBD7EF5AC145D3E98D62"}'
  SUB_HALTED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_dtsH4fdeGToFzO",' \
               '"SUBSCRIPTION_REF":"PLAN-1003","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",' \
               '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",' \
               '"END_DATE":"2036-12-07","DESCRIPTION":"Monthly plan: a magazine","CUST_NAME":"Asha Rao",' \
               '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
               '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/EzmwF585j8VQ2R2W","STATUS":"HALTED",' \
               '"CREATED_AT":"2026-12-07 21:20:09","ACTIVATED_AT":"2026-12-07 21:20:10","ENDED_AT":"",' \
               '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"nofunds@upi","PAID_CYCLES":"1","NEXT_DEBIT_AT":"",' \
               '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126",' \
               '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_IJcfbrp0wuYE8Y\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"4\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-09 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-10 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-4\\",\\"TXN_ID\\":\\"6888747385863917\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_BIHrtOS7ZHXxcI\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"3\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-08 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-3\\",\\"TXN_ID\\":\\"2359295973230992\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_VB7TVXzg2C3JXO\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"2\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-07 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-08 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-2\\",\\"TXN_ID\\":\\"3096155674643924\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_f6eJCP27sk1JSz\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-05 19:00:00\\",\\"DEBIT_AT\\":\\"2027-01-07 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-1\\",\\"TXN_ID\\":\\"6513236517522822\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_CMwDv9ula8hbMk\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:10\\",\\"DEBIT_AT\\":\\"2026-12-07 21:20:10\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"CHARGED\\",\\"RESPONSE_CODE\\":\\"000\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-0-1\\",\\"TXN_ID\\":\\"9735420370561121\\",\\"FEE\\":\\"700\\",\\"GST\\":\\"126\\"}]",' \
               '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
               '"RESPONSE_DATE_TIME":"2027-01-16 21:20:12",' \
               '"HASH":"9056B8D76C49D8664A1FBA9CA5E70933A85103155093B9E08B3523C8AE7F70E6"}'
  SUB_RESUME_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_Q644iJtemFQSif","STATUS":"Failed",' \
                       '"RESPONSE_CODE":"385",' \
                       '"RESPONSE_MESSAGE":"Subscription not active: cancelled, revoked, halted, completed or failed",' \
                       '"RESPONSE_DATE_TIME":"2026-12-07 21:20:08",' \
                       '"HASH":"778EF0D45D5DFAC336A762E2141A7F8B5FADF369A81811C342EC0E4D59F8C4F2"}'
  SUB_RESUMED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_dtsH4fdeGToFzO",' \
                '"SUBSCRIPTION_REF":"PLAN-1003","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",' \
                '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",' \
                '"END_DATE":"2036-12-07","DESCRIPTION":"Monthly plan: a magazine","CUST_NAME":"Asha Rao",' \
                '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/EzmwF585j8VQ2R2W","STATUS":"ACTIVE",' \
                '"CREATED_AT":"2026-12-07 21:20:09","ACTIVATED_AT":"2026-12-07 21:20:10","ENDED_AT":"",' \
                '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"nofunds@upi","PAID_CYCLES":"1","NEXT_DEBIT_AT":"",' \
                '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126",' \
                '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_IJcfbrp0wuYE8Y\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"4\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-09 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-10 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-4\\",\\"TXN_ID\\":\\"6888747385863917\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_BIHrtOS7ZHXxcI\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"3\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-08 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-3\\",\\"TXN_ID\\":\\"2359295973230992\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_VB7TVXzg2C3JXO\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"2\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-07 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-08 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-2\\",\\"TXN_ID\\":\\"3096155674643924\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_f6eJCP27sk1JSz\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-05 19:00:00\\",\\"DEBIT_AT\\":\\"2027-01-07 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-1\\",\\"TXN_ID\\":\\"6513236517522822\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_CMwDv9ula8hbMk\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:10\\",\\"DEBIT_AT\\":\\"2026-12-07 21:20:10\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"CHARGED\\",\\"RESPONSE_CODE\\":\\"000\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-0-1\\",\\"TXN_ID\\":\\"9735420370561121\\",\\"FEE\\":\\"700\\",\\"GST\\":\\"126\\"}]",' \
                '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                '"RESPONSE_DATE_TIME":"2027-01-16 21:20:12",' \
                '"HASH":"231236F8869F2960F88414D6F7E47B3DC874ADCF519062D507B7BD806B4C6100"}'
  SUB_REVOKED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_dtsH4fdeGToFzO",' \
                '"SUBSCRIPTION_REF":"PLAN-1003","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",' \
                '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",' \
                '"END_DATE":"2036-12-07","DESCRIPTION":"Monthly plan: a magazine","CUST_NAME":"Asha Rao",' \
                '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                '"AUTH_URL":"http://127.0.0.1:4317/sandbox/m/EzmwF585j8VQ2R2W","STATUS":"CANCELLED",' \
                '"CREATED_AT":"2026-12-07 21:20:09","ACTIVATED_AT":"2026-12-07 21:20:10",' \
                '"ENDED_AT":"2027-01-16 21:20:12","ANCHOR_DATE":"2026-12-07","INSTRUMENT":"",' \
                '"PAID_CYCLES":"1","NEXT_DEBIT_AT":"","REGISTRATION_FEE":"700","REGISTRATION_GST":"126",' \
                '"CANCELLED_BY":"CUSTOMER",' \
                '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_IJcfbrp0wuYE8Y\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"4\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-09 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-10 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-4\\",\\"TXN_ID\\":\\"6888747385863917\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_BIHrtOS7ZHXxcI\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"3\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-08 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-3\\",\\"TXN_ID\\":\\"2359295973230992\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_VB7TVXzg2C3JXO\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"2\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-07 07:00:00\\",\\"DEBIT_AT\\":\\"2027-01-08 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-2\\",\\"TXN_ID\\":\\"3096155674643924\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_f6eJCP27sk1JSz\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2027-01-05 19:00:00\\",\\"DEBIT_AT\\":\\"2027-01-07 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"FAILED\\",\\"RESPONSE_CODE\\":\\"020\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-1-1\\",\\"TXN_ID\\":\\"6513236517522822\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"},{\\"DEBIT_ID\\":\\"sdeb_CMwDv9ula8hbMk\\",\\"CYCLE\\":\\"0\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"49900\\",\\"NOTIFIED_AT\\":\\"2026-12-07 21:20:10\\",\\"DEBIT_AT\\":\\"2026-12-07 21:20:10\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"CHARGED\\",\\"RESPONSE_CODE\\":\\"000\\",\\"ORDER_ID\\":\\"sub_dtsH4fdeGToFzO-0-1\\",\\"TXN_ID\\":\\"9735420370561121\\",\\"FEE\\":\\"700\\",\\"GST\\":\\"126\\"}]",' \
                '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                '"RESPONSE_DATE_TIME":"2027-01-16 21:20:12",' \
                '"HASH":"B06E6B36411D8FF63500D247826DDCCD1A05547728C69BF544360DA3CA0A9DE1"}'

  def setup
    @config = PaystraTest.config
    @sent = []
  end

  # A client whose gateway answers `answer.call(path, request)`: JSON text as it is, or fields it
  # signs with the salt. @sent collects [path, request] pairs.
  def client_answering(&answer)
    Paystra::Client.new(@config, transport: lambda do |url, body|
      path = url.delete_prefix(@config.base_url)
      request = JSON.parse(body)
      @sent << [path, request]
      reply = answer.call(path, request)
      [200, reply.is_a?(String) ? reply : JSON.generate(Paystra::Hash.with_hash(reply, @config.salt))]
    end)
  end

  # The requests sent, each checked to be signed, without their HASH.
  def sent
    @sent.map do |path, request|
      assert Paystra::Hash.verify(request, @config.salt), "#{path}: the request is signed"
      [path, request.reject { |key, _| key == 'HASH' }]
    end
  end

  # A UPI monthly subscription's request, as a merchant's code would give it.
  def monthly(**replaced)
    { 'SUBSCRIPTION_REF' => 'PLAN-1001', 'METHOD' => 'UPI', 'FREQUENCY' => 'MONTHLY', 'AMOUNT' => '49900',
      'MAX_AMOUNT' => '49900', 'START_DATE' => '2026-12-07', 'DESCRIPTION' => 'Monthly plan: two notebooks',
      'CUST_NAME' => 'Asha Rao', 'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210',
      'RETURN_URL' => 'http://localhost:8000/subscribed' }.merge(replaced.transform_keys(&:to_s))
  end

  # A recorded answer's DEBITS, as the client parses them.
  def debits(answer)
    JSON.parse(JSON.parse(answer)['DEBITS'])
  end

  def test_create_subscription_posts_the_fields_signed_and_trimmed_with_dates_as_yyyy_mm_dd
    client = client_answering { SUB_CREATED }
    subscription = client.create_subscription(monthly(DESCRIPTION: ' Monthly plan: two notebooks ', AMOUNT: 49_900,
                                                      START_DATE: Date.new(2026, 12, 7), CATEGORY: '',
                                                      NOTIFY_URL: 'http://localhost:8000/webhook',
                                                      ORDER_ID: 'not a subscription field'))
    assert_equal JSON.parse(SUB_CREATED), subscription
    assert_equal [SUB_ID, 'CREATED', 'UPI', 'MONTHLY', '', '', '700', '126'],
                 subscription.values_at('SUBSCRIPTION_ID', 'STATUS', 'METHOD', 'FREQUENCY', 'INSTRUMENT', 'END_DATE',
                                        'REGISTRATION_FEE', 'REGISTRATION_GST')
    assert_includes subscription['AUTH_URL'], '/sandbox/m/'
    client.create_subscription(monthly(SUBSCRIPTION_REF: 'BILL-2002', METHOD: 'EMANDATE', FREQUENCY: 'AS_PRESENTED', AMOUNT: nil,
                                       MAX_AMOUNT: 1_000_000_000, START_DATE: '2027-01-31',
                                       END_DATE: Time.new(2030, 2, 28, 12, 0, 0, '+05:30'), CATEGORY: 'INSURANCE',
                                       DESCRIPTION: 'Premium'))
    customer = { 'CUST_NAME' => 'Asha Rao', 'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210',
                 'RETURN_URL' => 'http://localhost:8000/subscribed' }
    assert_equal [
      ['/pgws/subscription', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_REF' => 'PLAN-1001', 'METHOD' => 'UPI', 'AMOUNT' => '49900',
                               'MAX_AMOUNT' => '49900', 'FREQUENCY' => 'MONTHLY', 'START_DATE' => '2026-12-07',
                               'DESCRIPTION' => 'Monthly plan: two notebooks' }.merge(customer,
                                                                                       'NOTIFY_URL' => 'http://localhost:8000/webhook')],
      ['/pgws/subscription', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_REF' => 'BILL-2002', 'METHOD' => 'EMANDATE',
                               'MAX_AMOUNT' => '1000000000', 'FREQUENCY' => 'AS_PRESENTED', 'START_DATE' => '2027-01-31',
                               'END_DATE' => '2030-02-28', 'CATEGORY' => 'INSURANCE', 'DESCRIPTION' => 'Premium' }.merge(customer)]
    ], sent
  end

  def test_subscription_status_by_either_key_and_cancel_and_resume_each_to_its_path_with_debits_parsed
    client = client_answering do |path, request|
      status = if request.key?('SUBSCRIPTION_REF') then SUB_FOUND
               elsif request['SUBSCRIPTION_ID'] == SUB_ACTIVE_ID then SUB_ACTIVE
               else SUB_HALTED
               end
      { '/pgws/subscription/status' => status, '/pgws/subscription/cancel' => SUB_CANCELLED,
        '/pgws/subscription/resume' => SUB_RESUMED }.fetch(path)
    end
    found = client.subscription_status(subscription_ref: ' PLAN-1001 ')
    assert_equal [], found['DEBITS']
    assert_equal JSON.parse(SUB_FOUND).reject { |key, _| key == 'DEBITS' }, found.reject { |key, _| key == 'DEBITS' }

    # Registered with success@upi: the first month was taken with the registration, a payment of its own.
    active = client.subscription_status(subscription_id: SUB_ACTIVE_ID)
    assert_equal debits(SUB_ACTIVE), active['DEBITS']
    assert_equal %w[ACTIVE success@upi 1 2026-12-07 2036-12-07], active.values_at('STATUS', 'INSTRUMENT', 'PAID_CYCLES', 'ANCHOR_DATE', 'END_DATE')
    assert_equal ['0', '1', 'CHARGED', '000', "#{SUB_ACTIVE_ID}-0-1", '700', '126'],
                 active['DEBITS'][0].values_at('CYCLE', 'ATTEMPT', 'STATUS', 'RESPONSE_CODE', 'ORDER_ID', 'FEE', 'GST')

    # On nofunds@upi: the second month's four attempts failed (020) a day apart, newest first, and it halted.
    halted = client.subscription_status(subscription_id: SUB_HALTED_ID)
    assert_equal 'HALTED', halted['STATUS']
    assert_equal [%w[1 4 FAILED 020], %w[1 3 FAILED 020], %w[1 2 FAILED 020], %w[1 1 FAILED 020], %w[0 1 CHARGED 000]],
                 halted['DEBITS'].map { |debit| debit.values_at('CYCLE', 'ATTEMPT', 'STATUS', 'RESPONSE_CODE') }

    # Cancel and resume answer the subscription with its DEBITS, parsed as the status's are.
    cancelled = client.cancel_subscription(SUB_ID)
    assert_equal [], cancelled['DEBITS']
    assert_equal JSON.parse(SUB_CANCELLED).reject { |key, _| key == 'DEBITS' }, cancelled.reject { |key, _| key == 'DEBITS' }
    assert_equal ['CANCELLED', '2026-12-07 21:20:08', 'MERCHANT'], cancelled.values_at('STATUS', 'ENDED_AT', 'CANCELLED_BY')
    resumed = client.resume_subscription(SUB_HALTED_ID)
    assert_equal debits(SUB_RESUMED), resumed['DEBITS']
    assert_equal JSON.parse(SUB_RESUMED).reject { |key, _| key == 'DEBITS' }, resumed.reject { |key, _| key == 'DEBITS' }
    assert_equal ['ACTIVE', halted['DEBITS']], resumed.values_at('STATUS', 'DEBITS')
    assert_equal [
      ['/pgws/subscription/status', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_REF' => 'PLAN-1001' }],
      ['/pgws/subscription/status', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_ACTIVE_ID }],
      ['/pgws/subscription/status', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_HALTED_ID }],
      ['/pgws/subscription/cancel', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_ID }],
      ['/pgws/subscription/resume', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_HALTED_ID }]
    ], sent
  end

  def test_cancel_subscription_parses_the_debits_of_the_sandboxs_recorded_cancel_of_a_card_mandate
    client = client_answering { SUB_CANCELLED_CARD }
    cancelled = client.cancel_subscription('sub_Rb69mUXi9Lz5kY')
    assert_equal debits(SUB_CANCELLED_CARD), cancelled['DEBITS']
    assert_equal %w[0 1 1800000 Y Y STOPPED 385] + [''],
                 cancelled['DEBITS'][0].values_at('CYCLE', 'ATTEMPT', 'AMOUNT', 'APPROVAL_REQUIRED', 'APPROVED', 'STATUS',
                                                  'RESPONSE_CODE', 'ORDER_ID')
    assert_equal ['CANCELLED', 'MERCHANT', '', ''], cancelled.values_at('STATUS', 'CANCELLED_BY', 'INSTRUMENT', 'NEXT_DEBIT_AT')
    assert_equal JSON.parse(SUB_CANCELLED_CARD).reject { |key, _| key == 'DEBITS' }, cancelled.reject { |key, _| key == 'DEBITS' }
    assert_equal [['/pgws/subscription/cancel', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => 'sub_Rb69mUXi9Lz5kY' }]], sent
  end

  def test_present_charge_and_act_as_customer_post_to_their_paths_with_debits_parsed
    client = client_answering do |path, request|
      next SUB_CHARGED if path.end_with?('/charge')

      request['ACTION'] == 'SKIP' ? SUB_SKIPPED : SUB_REVOKED
    end
    charged = client.present_charge(SUB_PRESENTED_ID, 123_400)
    notice = charged['DEBITS'][0]
    assert_equal debits(SUB_CHARGED), charged['DEBITS']
    assert_equal ['AS_PRESENTED', '', '123400', 'NOTIFIED', 'N', '2026-12-09 07:00:00'],
                 [*charged.values_at('FREQUENCY', 'AMOUNT'), *notice.values_at('AMOUNT', 'STATUS', 'APPROVAL_REQUIRED', 'DEBIT_AT')]
    assert_equal JSON.parse(SUB_CHARGED).reject { |key, _| key == 'DEBITS' }, charged.reject { |key, _| key == 'DEBITS' }
    assert_equal notice['DEBIT_AT'], charged['NEXT_DEBIT_AT']
    skipped = client.act_as_customer(SUB_PRESENTED_ID, 'SKIP')
    assert_equal [notice['DEBIT_ID'], 'SKIPPED', '382', ''],
                 [*skipped['DEBITS'][0].values_at('DEBIT_ID', 'STATUS', 'RESPONSE_CODE'), skipped['NEXT_DEBIT_AT']]
    revoked = client.act_as_customer(SUB_HALTED_ID, 'REVOKE')
    assert_equal ['CANCELLED', '', 'CUSTOMER'], revoked.values_at('STATUS', 'INSTRUMENT', 'CANCELLED_BY')
    assert_equal debits(SUB_REVOKED), revoked['DEBITS']
    assert_equal [
      ['/pgws/subscription/charge', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_PRESENTED_ID, 'AMOUNT' => '123400' }],
      ['/pgws/subscription/customer', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_PRESENTED_ID, 'ACTION' => 'SKIP' }],
      ['/pgws/subscription/customer', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_HALTED_ID, 'ACTION' => 'REVOKE' }]
    ], sent
  end

  def test_a_refused_subscription_call_is_the_signed_answer_for_response_code_to_say
    refused = [
      [SUB_UNKNOWN, ->(client) { client.subscription_status(subscription_id: 'sub_00000000000000') }],
      [SUB_NOT_ACTIVE, ->(client) { client.present_charge(SUB_ID, '49900') }],
      [SUB_CANCEL_REFUSED, ->(client) { client.cancel_subscription(SUB_ID) }],
      [SUB_RESUME_REFUSED, ->(client) { client.resume_subscription(SUB_ID) }],
      [SUB_CHARGE_REFUSED, ->(client) { client.present_charge(SUB_ACTIVE_ID, '49900') }],
      [SUB_CHARGE_OPEN, ->(client) { client.present_charge(SUB_PRESENTED_ID, '100') }],
      [SUB_CHARGE_ABOVE, ->(client) { client.present_charge(SUB_PRESENTED_ID, '500001') }],
      [SUB_ACTION_REFUSED, ->(client) { client.act_as_customer(SUB_PRESENTED_ID, 'APPROVE') }],
      [SUB_BAD_DATE, ->(client) { client.create_subscription(monthly(SUBSCRIPTION_REF: 'PLAN-1002', START_DATE: '2020-01-01')) }],
      [SUB_DUPLICATE, ->(client) { client.create_subscription(monthly) }]
    ]
    codes = refused.map do |recorded, call|
      answer = call.call(client_answering { recorded })
      assert_equal JSON.parse(recorded), answer
      refute answer.key?('DEBITS') || answer.key?('AUTH_URL'), 'a refusal has no DEBITS and no subscription'
      answer.values_at('RESPONSE_CODE', 'STATUS').join(' ')
    end
    assert_equal ['387 Failed', '385 Failed', '385 Failed', '385 Failed', '326 Failed', '386 Failed', '380 Failed', '326 Failed',
                  '388 Failed', '374 Failed'], codes
  end

  def test_subscription_answers_are_trusted_only_under_their_hash_with_debits_a_list_of_objects
    changed = SUB_CREATED.sub('"STATUS":"CREATED"', '"STATUS":"ACTIVE"')
    assert_raises(Paystra::VerificationError) { client_answering { changed }.create_subscription(monthly) }
    changed = SUB_CHARGED.sub('123400', '923400')
    assert_raises(Paystra::VerificationError) { client_answering { changed }.present_charge(SUB_PRESENTED_ID, '123400') }
    other = JSON.parse(SUB_CANCELLED).merge('PAY_ID' => '1000000000000002')
    assert_raises(Paystra::VerificationError) { client_answering { other }.cancel_subscription(SUB_ID) }
    unsigned = JSON.parse(SUB_SKIPPED).reject { |key, _| key == 'HASH' }
    ['{"a":"b"}', 'not json', '[1]', '[{"CYCLE":1}]'].each do |text|
      client = client_answering { unsigned.merge('DEBITS' => text) }
      assert_match(/DEBITS/, assert_raises(Paystra::GatewayError, text) { client.act_as_customer(SUB_PRESENTED_ID, 'SKIP') }.message)
      assert_match(/DEBITS/, assert_raises(Paystra::GatewayError, text) { client.cancel_subscription(SUB_PRESENTED_ID) }.message)
      assert_match(/DEBITS/, assert_raises(Paystra::GatewayError, text) { client.resume_subscription(SUB_PRESENTED_ID) }.message)
    end
    client = client_answering { SUB_CREATED }
    assert_match(/no DEBITS/, assert_raises(Paystra::GatewayError) { client.subscription_status(subscription_id: SUB_ID) }.message)
    assert_match(/no DEBITS/, assert_raises(Paystra::GatewayError) { client.cancel_subscription(SUB_ID) }.message)
    assert_match(/no DEBITS/, assert_raises(Paystra::GatewayError) { client.resume_subscription(SUB_ID) }.message)
  end

  def test_method_frequency_amounts_dates_category_description_action_ids_and_tildes_are_checked_before_anything_is_sent
    client = client_answering { SUB_CREATED }
    {
      'METHOD' => [-> { client.create_subscription(monthly(METHOD: 'NACH')) }, -> { client.create_subscription(monthly(METHOD: 'upi')) },
                   -> { client.create_subscription(monthly(METHOD: nil)) }],
      'FREQUENCY' => [-> { client.create_subscription(monthly(FREQUENCY: 'DAILY')) }, -> { client.create_subscription(monthly(FREQUENCY: '')) }],
      'MAX_AMOUNT' => [-> { client.create_subscription(monthly(MAX_AMOUNT: '')) },
                       -> { client.create_subscription(monthly(MAX_AMOUNT: '499.00')) },
                       -> { client.create_subscription(monthly(MAX_AMOUNT: '10000001', AMOUNT: '100')) },
                       -> { client.create_subscription(monthly(METHOD: 'CARD', MAX_AMOUNT: '10000001', AMOUNT: '100')) }],
      'AMOUNT' => [-> { client.create_subscription(monthly(AMOUNT: '')) }, -> { client.create_subscription(monthly(AMOUNT: '0')) },
                   -> { client.create_subscription(monthly(AMOUNT: '049900')) }, -> { client.create_subscription(monthly(AMOUNT: '-100')) },
                   -> { client.present_charge(SUB_PRESENTED_ID, '12.34') }],
      'at most MAX_AMOUNT' => [-> { client.create_subscription(monthly(AMOUNT: '49901')) }],
      'AS_PRESENTED' => [-> { client.create_subscription(monthly(FREQUENCY: 'AS_PRESENTED')) }],
      'START_DATE' => [-> { client.create_subscription(monthly(START_DATE: '')) },
                       -> { client.create_subscription(monthly(START_DATE: '2027-02-30')) },
                       -> { client.create_subscription(monthly(START_DATE: '07-12-2026')) },
                       -> { client.create_subscription(monthly(START_DATE: '2026-12-07T00:00:00+05:30')) }],
      'END_DATE' => [-> { client.create_subscription(monthly(END_DATE: '2027-13-01')) }],
      'after START_DATE' => [-> { client.create_subscription(monthly(END_DATE: '2026-12-07')) }],
      'CATEGORY' => [-> { client.create_subscription(monthly(CATEGORY: 'GYM')) }],
      'DESCRIPTION' => [-> { client.create_subscription(monthly(DESCRIPTION: ' ')) },
                        -> { client.create_subscription(monthly(DESCRIPTION: 'x' * 256)) },
                        -> { client.create_subscription(monthly(DESCRIPTION: "Plan\nA")) },
                        -> { client.create_subscription(monthly(DESCRIPTION: 'Plan ~ A')) }],
      'CUST_NAME' => [-> { client.create_subscription(monthly(CUST_NAME: 'A~B')) }],
      'SUBSCRIPTION_REF' => [-> { client.create_subscription(monthly(SUBSCRIPTION_REF: 'PLAN#1')) },
                             -> { client.create_subscription(monthly(SUBSCRIPTION_REF: '')) },
                             -> { client.subscription_status(subscription_ref: 'PLAN 1001') }],
      'subscription_id: or subscription_ref:' => [-> { client.subscription_status },
                                                  -> { client.subscription_status(subscription_id: SUB_ID, subscription_ref: 'PLAN-1001') }],
      'SUBSCRIPTION_ID' => [-> { client.subscription_status(subscription_id: 'sub_short') }, -> { client.cancel_subscription('PLAN-1001') },
                            -> { client.resume_subscription(nil) }, -> { client.present_charge('sub_7PdL2sNe9QwX4k!', '100') },
                            -> { client.act_as_customer('', 'SKIP') }],
      'ACTION' => [-> { client.act_as_customer(SUB_PRESENTED_ID, 'CANCEL') }, -> { client.act_as_customer(SUB_PRESENTED_ID, 'skip') }]
    }.each do |says, calls|
      calls.each_with_index do |call, index|
        assert_includes assert_raises(Paystra::InvalidRequest, "#{says} #{index}") { call.call }.message, says
      end
    end
    assert_empty @sent
  end
end
