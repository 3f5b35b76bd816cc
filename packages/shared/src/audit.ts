/**
 * The audit log's vocabulary (issue 24 item 12), shared by the server that writes it and the staff app that shows
 * it. An action is what happened to the object ('view': personal data was read, a customer's page or a segment's
 * export, issue 27 item 8); the object types grow with the management console.
 */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'view'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the switch history shows: a brand-wide service switch, and a branch's manual open switch. */
export const AUDIT_OBJECT_TYPES = [
  'service_switch',
  'branch',
  'brand',
  'staff_user',
  'table',
  'qr_code',
  'ad_popup',
  'ad_slide',
  'delivery_zone',
  'menu_category',
  'menu_item',
  'menu_branch_item',
  'menu_modifier_group',
  'loyalty_rules',
  'loyalty_level',
  'referral_rules',
  'foodics_hand_off',
  // — customers (h/customers): a customer's page viewed, points granted; a segment exported; a prize granted —
  'customer',
  'customer_segment',
  'customer_reward',
  // — notify (h/notify): a brand's diner text template —
  'sms_template',
  // — evaluation forms (h/forms) —
  'evaluation_form',
  // — rewards catalogue (h/catalog): a points-shop or prize-shop reward created, edited, retired —
  'reward',
  // — archive (h/archive): coupons and punch card programmes archived, restored, duplicated —
  'coupon',
  'punch_programme',
  // — games (h/games): a game's settings and its segments —
  'game',
  'game_segment',
  // — Foodics connection (h/foodics2): a brand connected by OAuth or disconnected —
  'foodics_connection',
  // — Foodics menu (h/foodicsmenu): a menu import (its summary), an id mapped or unmapped on the mapping page —
  'foodics_menu_import',
  'foodics_mapping',
  // — queues (h/jobs): an outbox row (SMS, e-mail) retried or discarded by an owner; Foodics keeps foodics_hand_off —
  'sms_message',
  'mail_message',
  // — queues (h/notify28): a refund's or a kitchen hand-off's next try brought forward by an owner —
  'payment_refund',
  'kitchen_delivery',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];
