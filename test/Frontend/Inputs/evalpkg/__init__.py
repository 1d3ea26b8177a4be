# A package of the evaluator's import tests (imports_program.py).
