// The page's script: see src/serve/assets/README (written with the page).
