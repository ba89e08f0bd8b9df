// Copy text for a button, and say so on the button for a moment (or how to copy by hand).
export async function copyText(text, button, done = "Copied") {
  const old = button.dataset.label ?? button.textContent;
  button.dataset.label = old;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = done;
  } catch {
    button.textContent = "Copy failed: select and copy by hand";
  }
  clearTimeout(Number(button.dataset.timer));
  button.dataset.timer = String(setTimeout(() => { button.textContent = old; }, 1800));
}
