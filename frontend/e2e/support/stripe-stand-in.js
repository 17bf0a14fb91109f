/*
 * A stand-in for Stripe.js in the payment browser tests, served in place of
 * the script address the server names (never part of the build). localstripe
 * serves a Stripe.js of its own, but with one combined card field and no
 * createPaymentMethod (docs/decisions.md §14), so this one draws the three
 * fields the checkout mounts and talks to localstripe as Stripe.js talks to
 * Stripe: the card goes from the browser to the provider only. The test sets
 * window.__stripeStandIn = { api } before this runs.
 */
(function () {
  const api = window.__stripeStandIn.api;
  // localstripe takes payment methods only with a key that looks secret; this
  // placeholder is not the server's.
  const browserKey = 'sk_test_browser_stand_in';
  const labels = { cardNumber: 'Card number', cardExpiry: 'Expiry', cardCvc: 'CVC' };
  const placeholders = { cardNumber: '1234 1234 1234 1234', cardExpiry: 'MM / YY', cardCvc: 'CVC' };

  function digits(value) {
    return value.replace(/\D/g, '');
  }

  function problem(kind, value) {
    if (kind === 'cardNumber') {
      const number = digits(value);
      if (number.length === 0) return 'Your card number is incomplete.';
      if (number.length < 13) return 'Your card number is incomplete.';
    }
    if (kind === 'cardExpiry') {
      const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
      if (!match) return "Your card's expiration date is incomplete.";
      if (Number(match[1]) < 1 || Number(match[1]) > 12) return "Your card's expiration date is invalid.";
    }
    if (kind === 'cardCvc' && !/^\d{3,4}$/.test(value.trim())) return "Your card's security code is incomplete.";
    return null;
  }

  function createElement(group, kind, options) {
    const input = document.createElement('input');
    input.setAttribute('aria-label', labels[kind]);
    input.setAttribute('autocomplete', 'off');
    input.placeholder = placeholders[kind];
    const base = (options && options.style && options.style.base) || {};
    Object.assign(input.style, {
      background: 'transparent',
      border: '0',
      outline: 'none',
      width: '100%',
      color: base.color || 'inherit',
      fontSize: base.fontSize || '16px',
      fontFamily: base.fontFamily || 'inherit',
    });
    const handlers = [];
    input.addEventListener('blur', () => {
      const error = input.value === '' ? null : problem(kind, input.value);
      for (const handler of handlers)
        handler({ complete: !error && input.value !== '', empty: input.value === '', error: error ? { message: error } : undefined });
    });
    const element = {
      mount(node) {
        node.appendChild(input);
      },
      destroy() {
        input.remove();
      },
      on(event, handler) {
        if (event === 'change') handlers.push(handler);
      },
      focus() {
        input.focus();
      },
      value() {
        return input.value;
      },
    };
    group[kind] = element;
    return element;
  }

  async function form(path, fields) {
    const response = await fetch(api + path, {
      method: 'POST',
      headers: { Authorization: 'Bearer ' + browserKey, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return response.json();
  }

  function authenticationWindow() {
    return new Promise((resolve) => {
      const frame = document.createElement('div');
      frame.setAttribute('role', 'dialog');
      frame.setAttribute('aria-modal', 'true');
      frame.setAttribute('aria-label', '3D Secure authentication');
      Object.assign(frame.style, {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483647',
        display: 'grid',
        placeItems: 'center',
        background: 'rgba(0,0,0,0.6)',
      });
      const panel = document.createElement('div');
      Object.assign(panel.style, { background: '#fff', color: '#111', padding: '24px', fontFamily: 'sans-serif' });
      panel.innerHTML = '<p>Your bank asks you to confirm this payment.</p>';
      for (const [text, success] of [
        ['Complete authentication', true],
        ['Fail authentication', false],
      ]) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = text;
        button.style.margin = '8px';
        button.addEventListener('click', () => {
          frame.remove();
          resolve(success);
        });
        panel.appendChild(button);
      }
      frame.appendChild(panel);
      document.body.appendChild(frame);
    });
  }

  window.Stripe = function (publishableKey) {
    const group = {};
    return {
      elements() {
        return { create: (kind, options) => createElement(group, kind, options) };
      },
      async createPaymentMethod({ card, billing_details }) {
        if (card !== group.cardNumber) return { error: { message: 'Unknown card element.' } };
        for (const kind of ['cardNumber', 'cardExpiry', 'cardCvc']) {
          const error = problem(kind, group[kind] ? group[kind].value() : '');
          if (error) return { error: { message: error } };
        }
        const [month, year] = group.cardExpiry
          .value()
          .split('/')
          .map((part) => part.trim());
        const fields = {
          type: 'card',
          'card[number]': digits(group.cardNumber.value()),
          'card[exp_month]': String(Number(month)),
          'card[exp_year]': '20' + year,
          'card[cvc]': group.cardCvc.value().trim(),
        };
        if (billing_details && billing_details.name) fields['billing_details[name]'] = billing_details.name;
        if (billing_details && billing_details.email) fields['billing_details[email]'] = billing_details.email;
        const answer = await form('/v1/payment_methods', fields);
        if (answer.error) return { error: { message: answer.error.message } };
        return { paymentMethod: answer };
      },
      async confirmCardPayment(clientSecret) {
        const intent = clientSecret.split('_secret_')[0];
        const success = await authenticationWindow();
        const response = await fetch(api + '/v1/payment_intents/' + intent + '/_authenticate', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ key: publishableKey, client_secret: clientSecret, success }),
        });
        const answer = await response.json();
        if (answer.error) return { error: { message: answer.error.message } };
        if (!success)
          return {
            error: {
              message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            },
          };
        return { paymentIntent: { id: answer.id, status: answer.status } };
      },
    };
  };
})();
