-- Issue 11, health record: a read-only link to one animal's record. Only the token's SHA-256 is
-- kept (the link is shown once); one link per animal (a new one replaces it); revoking deletes it,
-- and so does the animal's deletion.
CREATE TABLE record_shares (
  farm_id uuid NOT NULL REFERENCES farms (id) ON DELETE CASCADE,
  animal_id uuid NOT NULL,
  token_hash text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY (farm_id, animal_id),
  CONSTRAINT record_shares_token_hash_unique UNIQUE (token_hash),
  CONSTRAINT record_shares_animal_fk FOREIGN KEY (farm_id, animal_id)
    REFERENCES animals (farm_id, id) ON DELETE CASCADE
);
