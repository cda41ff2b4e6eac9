// The portal's only script; every page works without it.
// 1. Copy buttons: <button data-copy="ELEMENT-ID"> copies that element's text.
// 2. A webhook delivery being attempted (<section data-delivery-refresh="URL">) is
//    re-read every second until it is final, and announced when it changes.
'use strict';

document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-copy]') : null;
  if (!button) return;
  const source = document.getElementById(button.getAttribute('data-copy'));
  const status = document.getElementById(button.getAttribute('aria-describedby') || '');
  try {
    await navigator.clipboard.writeText(source.textContent.trim());
    if (status) status.textContent = 'Copied to the clipboard.';
  } catch {
    if (status) status.textContent = 'Copying was not allowed here; select the text and copy it.';
  }
});

function refreshDelivery(section) {
  const url = section.getAttribute('data-delivery-refresh');
  if (!url) return;
  setTimeout(async () => {
    try {
      const response = await fetch(url, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
      if (!response.ok) return;
      const holder = document.createElement('div');
      holder.innerHTML = await response.text();
      const next = holder.firstElementChild;
      if (!next) return;
      section.replaceWith(next);
      refreshDelivery(next);
    } catch {
      // The page's own Refresh link still works.
    }
  }, 1000);
}

document.querySelectorAll('[data-delivery-refresh]').forEach(refreshDelivery);
