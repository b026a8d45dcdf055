// The hosted pages' HTML: plain forms, no script (the app's CSP is script-src 'self'; a <style> block is allowed),
// readable on a phone, and everything echoed escaped.
import { formatMoney } from './params.js';
import type { Account, Charge, SessionRecord } from './store.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escape text for element content and quoted attributes. */
export const esc = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa}
main{max-width:34rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;line-height:1.3;margin:1rem 0 .75rem}
h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
.card{background:#fff;border:1px solid #c9d1da;border-radius:8px;padding:1rem 1.25rem}
.test{background:#fff4d6;color:#4d3200;border:1px solid #d9a93b;border-radius:6px;padding:.5rem .75rem;font-size:.9rem;margin:0}
.muted{color:#4f566b}
.alert{background:#fdecec;color:#8a1616;border:1px solid #e3a0a0;border-radius:6px;padding:.5rem .75rem;font-weight:600}
.done{background:#e8f5ec;color:#14532d;border:1px solid #8cc7a1;border-radius:6px;padding:.5rem .75rem}
.row{display:flex;justify-content:space-between;gap:1rem;padding:.25rem 0}
.total{border-top:1px solid #c9d1da;margin-top:.5rem;padding-top:.5rem;font-weight:700}
ul.items{list-style:none;margin:0;padding:0}
button{display:block;width:100%;min-height:44px;margin-top:.75rem;padding:.6rem 1rem;font:inherit;font-weight:600;border-radius:6px;border:2px solid #0a2540;background:#0a2540;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0a2540}
button:hover{background:#1b3a5c}
button.secondary:hover{background:#eef2f6}
label{display:block;font-weight:600;margin-top:.75rem}
input{display:block;width:100%;min-height:44px;margin-top:.25rem;padding:.5rem .6rem;font:inherit;border:1px solid #6b7385;border-radius:6px}
a{color:#3a2fc0}
a:focus-visible,button:focus-visible,input:focus-visible,[tabindex]:focus-visible{outline:3px solid #635bff;outline-offset:2px}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{padding:.4rem .5rem;border-bottom:1px solid #dde3ea;text-align:left;white-space:nowrap}
td.num,th.num{text-align:right}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600}
dd{margin:0;min-width:0;overflow-wrap:anywhere}
`;

export const TEST_MODE_LINE = "This is Bay Club's local Stripe test mode: nothing here is real, and no money moves.";

/** A whole page: language, title, viewport, a landmark for everything. */
export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} · Bay Club (Stripe test mode)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="test">${esc(TEST_MODE_LINE)}</p>
${body}
</main>
</body>
</html>`;
}

export const messagePage = (title: string, text: string) => layout(title, `<h1>${esc(title)}</h1><div class="card"><p>${esc(text)}</p></div>`);

export function onboardingPage(account: Account, alert?: string): string {
  const option = (value: string, label: string, note: string, secondary = true) =>
    `<button type="submit" name="outcome" value="${value}"${secondary ? ' class="secondary"' : ''} aria-describedby="note-${value}">${esc(label)}</button>
<p class="muted" id="note-${value}">${esc(note)}</p>`;
  return layout(
    'Set up payouts',
    `<h1>Set up payouts with Stripe</h1>
<div class="card">
<dl><dt>Account</dt><dd>${esc(account.id)}</dd><dt>Email</dt><dd>${esc(account.email ?? 'none given')}</dd><dt>Country</dt><dd>${esc(account.country)}</dd></dl>
<p>On Stripe, you would now give your details and a bank account. Here, choose how onboarding ends.</p>
${alert ? `<p class="alert" role="alert">${esc(alert)}</p>` : ''}
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
        `<li class="row"><span>${esc(li.name)}${li.quantity > 1 ? ` × ${li.quantity}` : ''}</span><span>${esc(formatMoney(li.unit_amount * li.quantity, li.currency))}</span></li>`,
    )
    .join('\n');
  return `<h2 id="summary">Order summary</h2>
<ul class="items" aria-labelledby="summary">
${items}
</ul>
<p class="row total"><span>Total</span><span>${esc(formatMoney(session.amount_total, session.currency))}</span></p>`;
}

export function checkoutPage(record: SessionRecord, opts: { alert?: string; successUrl?: string } = {}): string {
  const { session } = record;
  const total = formatMoney(session.amount_total, session.currency);
  const back = session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">Back</a></p>` : '';
  if (session.status === 'complete') {
    return layout(
      'Payment complete',
      `<h1>Payment complete</h1><div class="card"><p class="done">You paid ${esc(total)}. A receipt would be sent to ${esc(session.customer_details?.email ?? 'your email')}.</p>
${orderSummary(record)}
${opts.successUrl ? `<p><a href="${esc(opts.successUrl)}">Return to Bay Club</a></p>` : ''}</div>`,
    );
  }
  if (session.status === 'expired') {
    return layout('Checkout expired', `<h1>This checkout has expired</h1><div class="card"><p>Nothing was charged. Go back and start again.</p>${orderSummary(record)}${back}</div>`);
  }
  const emailLine = session.customer_email
    ? `<p class="row"><span>Email</span><span>${esc(session.customer_email)}</span></p>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>`;
  return layout(
    `Pay ${total}`,
    `<h1>Pay Bay Club</h1>
<div class="card">
${orderSummary(record)}
${opts.alert ? `<p class="alert" role="alert">${esc(opts.alert)}</p>` : ''}
<form method="post">
${emailLine}
<p class="row"><span>Card</span><span>4242 4242 4242 4242</span></p>
<p class="muted">A test card: nothing is charged.</p>
<button type="submit" name="action" value="pay">Pay ${esc(total)}</button>
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
      const money = (n: number) => esc(formatMoney(n, charge.currency));
      const date = new Date(charge.created * 1000).toISOString().slice(0, 10);
      return `<tr><td>${esc(date)}</td><td>${esc(charge.description)}</td><td class="num">${money(charge.amount)}</td><td class="num">${money(fee)}</td><td class="num">${money(charge.amount_refunded)}</td><td class="num">${money(net)}</td></tr>`;
    })
    .join('\n');
  return layout(
    'Express dashboard',
    `<h1>Express dashboard</h1>
<div class="card">
<h2>Account</h2>
<dl><dt>Account</dt><dd>${esc(account.id)}</dd><dt>Email</dt><dd>${esc(account.email ?? 'none given')}</dd><dt>Status</dt><dd>${esc(accountStatus(account))}</dd>
${due.length ? `<dt>Still due</dt><dd>${esc(due.join(', '))}</dd>` : ''}</dl>
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
