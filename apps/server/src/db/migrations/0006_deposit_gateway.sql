-- Online deposits through a payment-gateway adapter (issue: wallet): the gateway that serves
-- an order (its callbacks are accepted for its own orders only) and the pay URL it gave when
-- the payment was opened.
ALTER TABLE deposit_orders ADD COLUMN gateway TEXT;
ALTER TABLE deposit_orders ADD COLUMN pay_url TEXT;

-- Until now every online order went through the built-in sandbox and its hosted page.
UPDATE deposit_orders SET gateway = 'sandbox', pay_url = '/pay/sandbox/' || id
 WHERE channel_type IN ('alipay', 'wechat', 'ebpay', 'koipay');
