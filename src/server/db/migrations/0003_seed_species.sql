-- The built-in species (farm_id NULL), offered to every farm; farms add their own beside them.
INSERT INTO species (farm_id, name) VALUES
  (NULL, 'Chicken'), (NULL, 'Duck'), (NULL, 'Goat'), (NULL, 'Sheep'), (NULL, 'Alpaca'),
  (NULL, 'Llama'), (NULL, 'Pig'), (NULL, 'Horse'), (NULL, 'Donkey'), (NULL, 'Cattle'),
  (NULL, 'Rabbit'), (NULL, 'Dog'), (NULL, 'Cat'), (NULL, 'Other')
ON CONFLICT DO NOTHING;
