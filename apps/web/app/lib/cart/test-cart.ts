import type { Cart, CartLine } from '@bygg/contracts/cart';

/** Contract-shaped test data (contracts/cart.ts): amounts in öre incl. VAT unless excl_vat. */

export function testLine(overrides: Partial<CartLine> = {}): CartLine {
  const price = overrides.price ?? 12_900;
  const quantity = overrides.quantity ?? 1;
  return {
    id: 1,
    article_id: 1_000_001,
    quantity,
    title: 'Regel 45x95 gran 3,0 m',
    brand: 'Skogsbolaget',
    category: 'Konstruktionsvirke',
    product_slug: 'regel-45x95-gran',
    image_url: null,
    unit: 'st',
    price,
    price_excl_vat: Math.round(price / 1.25),
    reduced_from: null,
    sum: price * quantity,
    sum_excl_vat: Math.round((price * quantity) / 1.25),
    vat_rate: 0.25,
    is_net_price: false,
    options: [{ name: 'Längd', value: '3000', unit: 'mm' }],
    warehouse: '1001',
    stock_status: 'HIGH_IN_STOCK',
    quantity_on_hand: 120,
    is_gift_card: false,
    problem: null,
    ...overrides,
  };
}

export function testCart(lines: CartLine[] = [testLine()], overrides: Partial<Cart> = {}): Cart {
  const items = lines.reduce((total, line) => total + line.sum, 0);
  const itemsExcl = lines.reduce((total, line) => total + line.sum_excl_vat, 0);
  return {
    summary: {
      price: items,
      quantity: lines.reduce((total, line) => total + line.quantity, 0),
      items_price: items,
      shipping_price: 0,
      discount: 0,
      vat: items - itemsExcl,
      price_excl_vat: itemsExcl,
      giftcard_amount: 0,
      to_pay: items,
      free_shipping_remaining: Math.max(0, 49_901 - items),
    },
    warehouses: [
      {
        code: '1001',
        name: 'Uppsala',
        is_central: false,
        item_ids: lines.map((line) => line.id),
        sum: items,
        vat: items - itemsExcl,
      },
    ],
    items: lines,
    messages: [],
    shipping: {
      selected: 1,
      sum: 0,
      options: [
        { type: 1, label: 'Hämta i butik', price: 0, ordinary_price: 0, free_over: null },
        { type: 2, label: 'Hemleverans', price: 14_900, ordinary_price: 14_900, free_over: 49_900 },
      ],
    },
    voucher: null,
    store: {
      id: 7,
      external_id: '1001',
      name: 'Uppsala',
      slug: 'uppsala',
      is_central: false,
      proffs_enabled: true,
    },
    payment_methods: [
      {
        id: 'pay_in_store',
        label: 'Betala i butik vid hämtning',
        description: 'Du betalar när du hämtar varorna.',
        provider: null,
        publishable_key: null,
      },
    ],
    checksum: `sum-${items}-${lines.length}`,
    ...overrides,
  };
}

/** `cart` with the demo code BYGG10 applied, taking `discount` öre off (0: with `message`). */
export function withTestVoucher(cart: Cart, discount: number, message: string | null = null): Cart {
  return {
    ...cart,
    summary: {
      ...cart.summary,
      discount,
      price: cart.summary.price - discount,
      to_pay: cart.summary.to_pay - discount,
    },
    voucher: {
      code: 'BYGG10',
      description: '10 % rabatt på varorna vid köp över 500 kr',
      discount,
      message,
      giftcards: [],
      amount: 0,
    },
  };
}
