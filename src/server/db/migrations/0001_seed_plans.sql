-- Rate plans every account starts on. Changes go through customer service (spec §6).
INSERT INTO "plans" ("code", "name_zh", "name_en", "fee_currency", "open_card_fee", "recharge_fee_bp", "monthly_card_limit") VALUES
  ('standard', '标准版', 'Standard', 'USD', 200, 150, 100),
  ('enterprise', '企业版', 'Enterprise', 'USD', 100, 100, 1000),
  ('partner', '合作伙伴版', 'Partner', 'USD', 0, 80, 5000)
ON CONFLICT ("code") DO NOTHING;
