/* Paystra sandbox: the payment pages' script. Every page works without it (plain forms and
   links); this adds the checkout frame messages, the response auto-submit, keyboard tabs,
   input formatting and a guard against double submission. */
/* global document, window, history */
;(function () {
  'use strict'

  var body = document.body
  var data = body.dataset

  // Checkout frame: tell the merchant page (and only its origin) what the frame shows.
  if (data.parentOrigin && window.parent !== window) {
    if (data.checkoutResponse) {
      window.parent.postMessage(
        { closeIframe: true, response: JSON.parse(data.checkoutResponse) },
        data.parentOrigin,
      )
    } else {
      window.parent.postMessage({ isPageVisible: true }, data.parentOrigin)
    }
  }

  // The payment has ended: hand the response to the merchant at once. Continue stays for
  // browsers without scripts.
  if (data.autosubmit === 'true') {
    var wait = document.querySelector('.gw-result__wait')
    if (wait) wait.hidden = false
    var returnForm = document.getElementById('gw-return')
    if (returnForm) returnForm.submit()
  }

  setUpTabs(document.querySelector('[data-tabs]'))

  var formatters = {
    card: function (value) {
      var digits = value.replace(/\D/g, '').slice(0, 16)
      return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
    },
    expiry: function (value) {
      var digits = value.replace(/\D/g, '').slice(0, 4)
      return digits.length > 2 ? digits.slice(0, 2) + '/' + digits.slice(2) : digits
    },
    digits: function (value) {
      return value.replace(/\D/g, '')
    },
    upi: function (value) {
      return value.replace(/[^A-Za-z0-9.@-]/g, '')
    },
  }

  Array.prototype.forEach.call(document.querySelectorAll('[data-format]'), function (input) {
    var formatter = formatters[input.dataset.format]
    if (!formatter) return
    input.addEventListener('input', function () {
      var atEnd = input.selectionStart === input.value.length
      var formatted = formatter(input.value)
      if (formatted === input.value) return
      input.value = formatted
      if (atEnd) input.setSelectionRange(formatted.length, formatted.length)
    })
  })

  // One submission per form: a second click would only show the same outcome again.
  Array.prototype.forEach.call(document.querySelectorAll('form[data-guard]'), function (form) {
    form.addEventListener('submit', function (event) {
      if (form.dataset.submitting === 'true') {
        event.preventDefault()
        return
      }
      form.dataset.submitting = 'true'
      // Disable after the browser has collected the fields.
      window.setTimeout(function () {
        Array.prototype.forEach.call(form.querySelectorAll('button'), function (button) {
          button.disabled = true
          if (button.dataset.processing) button.textContent = button.dataset.processing
        })
      }, 0)
    })
  })

  // After the server marked fields, start where the first problem is.
  var firstInvalid = document.querySelector(
    '[aria-invalid="true"], fieldset[aria-describedby] input',
  )
  if (firstInvalid) firstInvalid.focus()

  /** ARIA tabs: the tabs are links to ?method=…; with the script they switch in place. */
  function setUpTabs(tablist) {
    if (!tablist) return
    var tabs = Array.prototype.slice.call(tablist.querySelectorAll('[role="tab"]'))
    var methodField = document.querySelector('.gw-lang input[name="method"]')

    function select(tab, moveFocus) {
      tabs.forEach(function (other) {
        var selected = other === tab
        other.setAttribute('aria-selected', selected ? 'true' : 'false')
        other.tabIndex = selected ? 0 : -1
        var panel = document.getElementById(other.getAttribute('aria-controls'))
        if (panel) panel.hidden = !selected
      })
      if (moveFocus) tab.focus()
      if (methodField) methodField.value = tab.dataset.method
      history.replaceState(null, '', tab.href)
    }

    tabs.forEach(function (tab, index) {
      tab.tabIndex = tab.getAttribute('aria-selected') === 'true' ? 0 : -1
      tab.addEventListener('click', function (event) {
        event.preventDefault()
        select(tab, false)
      })
      tab.addEventListener('keydown', function (event) {
        var step = document.documentElement.dir === 'rtl' ? -1 : 1
        var target
        if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
          target =
            tabs[(index + (event.key === 'ArrowDown' ? 1 : step) + tabs.length) % tabs.length]
        } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
          target = tabs[(index - (event.key === 'ArrowUp' ? 1 : step) + tabs.length) % tabs.length]
        } else if (event.key === 'Home') {
          target = tabs[0]
        } else if (event.key === 'End') {
          target = tabs[tabs.length - 1]
        } else if (event.key === ' ') {
          target = tab
        }
        if (!target) return
        event.preventDefault()
        select(target, true)
      })
    })
  }
})()
