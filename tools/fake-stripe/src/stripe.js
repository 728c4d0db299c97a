// A stand-in of Stripe.js for BikeHaat's browser tests, served by fake-stripe at
// /js/v3 where the real https://js.stripe.com cannot load. It offers what the payment
// page uses — Stripe(key), elements().create("card"), the element's mount/on/off/
// update/destroy, confirmCardPayment — and confirms against the fake Stripe API the way
// Stripe.js confirms against Stripe's: with the publishable key and the client secret.
// 4000 0000 0000 0002 becomes Stripe's declined test method; other complete numbers,
// pm_card_visa. The card field is a plain input, not Stripe's iframe.
(function () {
  'use strict';
  var API = '__API_BASE__';

  function digits(text) {
    return String(text || '').replace(/\D/g, '');
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number.charAt(number.length - 1 - i));
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return number.length > 0 && sum % 10 === 0;
  }

  function CardElement(options) {
    this._handlers = {};
    this._options = options || {};
    this._input = null;
  }
  CardElement.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    var input = document.createElement('input');
    input.setAttribute('aria-label', 'Card number');
    input.setAttribute('autocomplete', 'cc-number');
    input.setAttribute('inputmode', 'numeric');
    input.placeholder = '1234 1234 1234 1234';
    input.style.cssText = 'width:100%;border:0;outline:0;font-size:16px;background:transparent';
    input.disabled = Boolean(this._options.disabled);
    var self = this;
    input.addEventListener('input', function () {
      var number = digits(input.value);
      var complete = number.length === 16 && luhn(number);
      var error = number.length === 16 && !complete ? { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } : undefined;
      self._emit('change', { elementType: 'card', empty: number.length === 0, complete: complete, error: error });
    });
    host.appendChild(input);
    this._input = input;
    setTimeout(function () {
      self._emit('ready', { elementType: 'card' });
    }, 0);
  };
  CardElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.off = function (event, handler) {
    this._handlers[event] = (this._handlers[event] || []).filter(function (h) {
      return h !== handler;
    });
    return this;
  };
  CardElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) {
      handler(payload);
    });
  };
  CardElement.prototype.update = function (options) {
    this._options = Object.assign({}, this._options, options);
    if (this._input) this._input.disabled = Boolean(this._options.disabled);
  };
  CardElement.prototype.destroy = CardElement.prototype.unmount = function () {
    if (this._input && this._input.parentNode) this._input.parentNode.removeChild(this._input);
    this._input = null;
  };
  CardElement.prototype.focus = function () {
    if (this._input) this._input.focus();
  };
  CardElement.prototype.blur = function () {
    if (this._input) this._input.blur();
  };
  CardElement.prototype.clear = function () {
    if (this._input) this._input.value = '';
  };
  CardElement.prototype._number = function () {
    return this._input ? digits(this._input.value) : '';
  };

  function Elements() {
    this._byType = {};
  }
  Elements.prototype.create = function (type, options) {
    var element = new CardElement(options);
    this._byType[type] = element;
    return element;
  };
  // A type name, or (as Stripe.js accepts from React Stripe.js) a component naming one.
  Elements.prototype.getElement = function (type) {
    var name = typeof type === 'string' ? type : type && type.__elementType;
    return this._byType[name] || null;
  };
  Elements.prototype.update = function () {};

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    this._key = key;
  }
  Stripe.version = 'endive';
  Stripe.prototype._registerWrapper = function () {};
  Stripe.prototype.registerAppInfo = function () {};
  Stripe.prototype.elements = function () {
    return new Elements();
  };
  Stripe.prototype.createToken = function () {
    return Promise.reject(new Error('createToken is not part of the stand-in'));
  };
  Stripe.prototype.createPaymentMethod = function () {
    return Promise.reject(new Error('createPaymentMethod is not part of the stand-in'));
  };
  Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
    var card = data && data.payment_method && data.payment_method.card;
    var number = card ? card._number() : '';
    if (number.length < 16) {
      return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
    }
    var method = number === '4000000000000002' ? 'pm_card_chargeDeclined' : 'pm_card_visa';
    var id = String(clientSecret).split('_secret_')[0];
    var body = 'payment_method=' + encodeURIComponent(method) + '&client_secret=' + encodeURIComponent(clientSecret);
    return fetch(API + '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', {
      method: 'POST',
      headers: { Authorization: 'Bearer ' + this._key, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body,
    }).then(function (response) {
      return response.json().then(function (json) {
        return response.ok ? { paymentIntent: json } : { error: json.error };
      });
    });
  };

  window.Stripe = Stripe;
})();
