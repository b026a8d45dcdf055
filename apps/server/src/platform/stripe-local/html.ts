// The hosted pages' HTML, in the local doubles' shared page shell, in Stripe's colours.
import { escapeHtml, localDoubleMessagePage, localDoublePage, type LocalDouble } from '../local-double-page.js';
import { formatMoney } from './params.js';
import type { Account, Charge, SessionRecord } from './store.js';

const STRIPE_DOUBLE: LocalDouble = {
  titleSuffix: 'Bay Club (Stripe test mode)',
  testModeLine: "This is Bay Club's local Stripe test mode: nothing here is real, and no money moves.",
  theme: {
    text: '#1a1f36',
    background: '#f6f8fa',
    columnWidth: '34rem',
    cardBorder: '#c9d1da',
    inputBorder: '#6b7385',
    button: '#0a2540',
    buttonRadius: '6px',
    focusRing: '#635bff',
  },
  styles: `h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
.muted{color:#4f566b}
.done{background:#e8f5ec;color:#14532d;border:1px solid #8cc7a1;border-radius:6px;padding:.5rem .75rem}
.row{display:flex;justify-content:space-between;gap:1rem;padding:.25rem 0}
.total{border-top:1px solid #c9d1da;margin-top:.5rem;padding-top:.5rem;font-weight:700}
ul.items{list-style:none;margin:0;padding:0}
button:hover{background:#1b3a5c}
button.secondary:hover{background:#eef2f6}
a{color:#3a2fc0}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{padding:.4rem .5rem;border-bottom:1px solid #dde3ea;text-align:left;white-space:nowrap}
td.num,th.num{text-align:right}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600}
dd{margin:0;min-width:0;overflow-wrap:anywhere}
`,
};

const layout = (title: string, body: string) => localDoublePage(STRIPE_DOUBLE, title, body);

export const messagePage = (title: string, text: string) => localDoubleMessagePage(STRIPE_DOUBLE, title, text);

export function onboardingPage(account: Account, alert?: string): string {
  const option = (value: string, label: string, note: string, secondary = true) =>
    `<button type="submit" name="outcome" value="${value}"${secondary ? ' class="secondary"' : ''} aria-describedby="note-${value}">${escapeHtml(label)}</button>
<p class="muted" id="note-${value}">${escapeHtml(note)}</p>`;
  return layout(
    'Set up payouts',
    `<h1>Set up payouts with Stripe</h1>
<div class="card">
<dl><dt>Account</dt><dd>${escapeHtml(account.id)}</dd><dt>Email</dt><dd>${escapeHtml(account.email ?? 'none given')}</dd><dt>Country</dt><dd>${escapeHtml(account.country)}</dd></dl>
<p>On Stripe, you would now give your details and a bank account. Here, choose how onboarding ends.</p>
${alert ? `<p class="alert" role="alert">${escapeHtml(alert)}</p>` : ''}
<form method="post">
${option('complete', 'Complete onboarding', 'Details submitted; payments and payouts enabled.', false)}
${option('incomplete', 'Leave incomplete', 'Details still due; nothing enabled.')}
${option('restricted', 'Make restricted', 'Details submitted, but an identity document and a bank account are still due.')}
</form>
</div>`,
  );
}

function orderSummary(record: SessionRecord): string {
  const { session, lineItems } = record;
  const items = lineItems
    .map(
      (li) =>
        `<li class="row"><span>${escapeHtml(li.name)}${li.quantity > 1 ? ` × ${li.quantity}` : ''}</span><span>${escapeHtml(formatMoney(li.unit_amount * li.quantity, li.currency))}</span></li>`,
    )
    .join('\n');
  return `<h2 id="summary">Order summary</h2>
<ul class="items" aria-labelledby="summary">
${items}
</ul>
<p class="row total"><span>Total</span><span>${escapeHtml(formatMoney(session.amount_total, session.currency))}</span></p>`;
}

export function checkoutPage(record: SessionRecord, opts: { alert?: string; successUrl?: string } = {}): string {
  const { session } = record;
  const total = formatMoney(session.amount_total, session.currency);
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : '';
  if (session.status === 'complete') {
    return layout(
      'Payment complete',
      `<h1>Payment complete</h1><div class="card"><p class="done">You paid ${escapeHtml(total)}. A receipt would be sent to ${escapeHtml(session.customer_details?.email ?? 'your email')}.</p>
${orderSummary(record)}
${opts.successUrl ? `<p><a href="${escapeHtml(opts.successUrl)}">Return to Bay Club</a></p>` : ''}</div>`,
    );
  }
  if (session.status === 'expired') {
    return layout('Checkout expired', `<h1>This checkout has expired</h1><div class="card"><p>Nothing was charged. Go back and start again.</p>${orderSummary(record)}${back}</div>`);
  }
  const emailLine = session.customer_email
    ? `<p class="row"><span>Email</span><span>${escapeHtml(session.customer_email)}</span></p>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>`;
  return layout(
    `Pay ${total}`,
    `<h1>Pay Bay Club</h1>
<div class="card">
${orderSummary(record)}
${opts.alert ? `<p class="alert" role="alert">${escapeHtml(opts.alert)}</p>` : ''}
<form method="post">
${emailLine}
<p class="row"><span>Card</span><span>4242 4242 4242 4242</span></p>
<p class="muted">A test card: nothing is charged.</p>
<button type="submit" name="action" value="pay">Pay ${escapeHtml(total)}</button>
<button type="submit" name="action" value="decline" class="secondary">Use a declined card</button>
</form>
${back}
</div>`,
  );
}

function accountStatus(account: Account): string {
  if (account.charges_enabled && account.payouts_enabled) return 'Complete: payments and payouts enabled';
  if (account.details_submitted) return 'Restricted: more information is needed';
  return 'Incomplete: onboarding not finished';
}

export function dashboardPage(account: Account, payments: Array<{ charge: Charge; fee: number; net: number }>): string {
  const due = account.requirements.currently_due;
  const rows = payments
    .map(({ charge, fee, net }) => {
      const money = (n: number) => escapeHtml(formatMoney(n, charge.currency));
      const date = new Date(charge.created * 1000).toISOString().slice(0, 10);
      return `<tr><td>${escapeHtml(date)}</td><td>${escapeHtml(charge.description)}</td><td class="num">${money(charge.amount)}</td><td class="num">${money(fee)}</td><td class="num">${money(charge.amount_refunded)}</td><td class="num">${money(net)}</td></tr>`;
    })
    .join('\n');
  return layout(
    'Express dashboard',
    `<h1>Express dashboard</h1>
<div class="card">
<h2>Account</h2>
<dl><dt>Account</dt><dd>${escapeHtml(account.id)}</dd><dt>Email</dt><dd>${escapeHtml(account.email ?? 'none given')}</dd><dt>Status</dt><dd>${escapeHtml(accountStatus(account))}</dd>
${due.length ? `<dt>Still due</dt><dd>${escapeHtml(due.join(', '))}</dd>` : ''}</dl>
<h2>Payments</h2>
${
  payments.length
    ? `<div class="scroll" role="region" aria-label="Payments" tabindex="0"><table>
<caption>Payments to this account, newest first</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Description</th><th scope="col" class="num">Gross</th><th scope="col" class="num">Application fee</th><th scope="col" class="num">Refunded</th><th scope="col" class="num">Net</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>`
    : '<p>No payments yet.</p>'
}
</div>`,
  );
}
