/* global document, navigator */
// Progressive enhancement only: every flow works without this file. Shows the Copy buttons.
document.querySelectorAll('button[data-copy]').forEach((button) => {
  const input = document.getElementById(button.getAttribute('data-copy'));
  const status = document.getElementById('copy-status');
  if (!input || !navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      if (status) status.textContent = 'Copied to the clipboard.';
    } catch {
      input.select();
      if (status) status.textContent = 'Select the key and copy it with your keyboard.';
    }
  });
});
